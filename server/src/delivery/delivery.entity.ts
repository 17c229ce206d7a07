import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import type { DigestKind } from '@dcbrief/shared';
import { Digest } from '../modules/digests/digest.entity.js';
import { User } from '../modules/users/user.entity.js';

/**
 * pending -> sending -> sent | failed. A row left in `sending` by a process that died becomes
 * `uncertain` and waits for the operator (docs/decisions/301). `cancelled`: the subscriber
 * unsubscribed, lost their subscription or bounced before the send.
 */
export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed', 'uncertain', 'cancelled'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/**
 * A row whose digest is, or may yet be, in the subscriber's inbox: its stories count as received. A
 * `cancelled` or `failed` row's stories do not (docs/decisions/304, 306).
 */
export const LIVE_STATES: readonly DeliveryState[] = ['pending', 'sending', 'uncertain', 'sent'];
export const DEAD_STATES: readonly DeliveryState[] = ['cancelled', 'failed'];

/**
 * Outbox rows that carry no digest: account notices sent through the same claims, leases and retries, once per
 * key. 'trial-ending': the card-free trial ends in TRIAL_REMINDER_DAYS (docs/decisions/008; trial-reminders.ts).
 */
export const NOTICE_KINDS = ['trial-ending'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export type DeliveryKind = DigestKind | NoticeKind;

/** An outbox row's unique key (subscriber, kind, edition date, slot) as one string; its digest has the same key. */
export type RowKey = `${string}|${string}|${string}|${string}`;

export const rowKey = (userId: string, kind: string, date: string, slot: string): RowKey => `${userId}|${kind}|${date}|${slot}`;

/** The outbox: one row per (subscriber, kind, edition date, slot), created once, sent at most once. */
export class Delivery {
  id: string = randomUUID();
  user!: User;
  kind!: DeliveryKind;
  /** The subscriber's local edition date, YYYY-MM-DD. */
  editionDate!: string;
  /** '' for daily, weekly and notices; the story id of a breaking alert. */
  slot = '';
  /** The instant the subscriber's local delivery time fell on (the edition window ends here). */
  scheduledFor!: Date;
  /**
   * Where the edition window ends when the digest is composed before `scheduledFor` (a premium digest whose
   * audio is prepared ahead of the hour: the planning instant); null: at `scheduledFor`. The next digest's
   * window starts here, so no story falls between two.
   */
  windowEnd: Date | null = null;
  state: DeliveryState = 'pending';
  digest: Digest | null = null;
  /** Stable across retries and resends, so a receiving server can drop a duplicate. */
  messageId!: string;
  attempts = 0;
  nextAttemptAt!: Date;
  /** Who holds the row while it is `sending`, and until when. */
  leaseOwner: string | null = null;
  leaseUntil: Date | null = null;
  lastError: string | null = null;
  sentAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const DeliverySchema = new EntitySchema<Delivery>({
  class: Delivery,
  tableName: 'deliveries',
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => User, deleteRule: 'cascade' },
    kind: { type: 'string', length: 16 },
    editionDate: { type: 'string', length: 10 },
    slot: { type: 'string', length: 64 },
    scheduledFor: { type: 'datetime' },
    windowEnd: { type: 'datetime', nullable: true },
    state: { type: 'string', length: 16 },
    digest: { kind: 'm:1', entity: () => Digest, nullable: true, deleteRule: 'set null' },
    messageId: { type: 'string', length: 200 },
    attempts: { type: 'integer' },
    nextAttemptAt: { type: 'datetime' },
    leaseOwner: { type: 'string', length: 64, nullable: true },
    leaseUntil: { type: 'datetime', nullable: true },
    lastError: { type: 'string', length: 500, nullable: true },
    sentAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime', onUpdate: () => new Date() },
  },
  uniques: [{ properties: ['user', 'kind', 'editionDate', 'slot'] }],
  indexes: [
    // Sending claims the due rows in (next attempt, id) order: the index gives that order without sorting
    // every pending row (a pass's rows share one next-attempt time).
    { properties: ['state', 'nextAttemptAt', 'id'] },
    // Composing pages through the pending rows without a digest, in id order.
    { properties: ['state', 'digest', 'id'] },
    { properties: ['leaseOwner'] },
    { properties: ['messageId'] },
  ],
});

export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** An address the SMTP provider reported as bouncing or complaining: nothing more is sent to it. */
export class EmailSuppression {
  email!: string;
  reason!: SuppressionReason;
  detail: string | null = null;
  createdAt: Date = new Date();
}

export const EmailSuppressionSchema = new EntitySchema<EmailSuppression>({
  class: EmailSuppression,
  tableName: 'email_suppressions',
  properties: {
    email: { type: 'string', length: 254, primary: true },
    reason: { type: 'string', length: 16 },
    detail: { type: 'string', length: 500, nullable: true },
    createdAt: { type: 'datetime' },
  },
});

export const deliveryEntities = [DeliverySchema, EmailSuppressionSchema];
