import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import type { EntityChange } from '@dcbrief/shared';
import { OUTBOX_ROW_PROPERTIES, OutboxRow } from '../../db/outbox-row.js';
import { User } from '../users/user.entity.js';

/** A subscriber's alert settings: email on a followed entity's status change, and a signed webhook. */
export class FollowAlertSettings {
  id: string = randomUUID();
  user!: User;
  email = false;
  webhookUrl: string | null = null;
  /** The HMAC key of the webhook's signatures: shown to the subscriber once, kept to sign with. */
  webhookSecret: string | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export type FollowAlertChannel = 'email' | 'webhook';

/**
 * The alerts' outbox: one row per subscriber, channel and change, written once (the unique `idempotencyKey`), sent
 * with retries and exponential backoff, its id sent along as the webhook's `Idempotency-Key`.
 */
export class FollowAlert extends OutboxRow {
  id: string = randomUUID();
  user!: User;
  channel!: FollowAlertChannel;
  /** `<user>|<channel>|<change key>`: a change alerts each subscriber once per channel, whatever rescans it. */
  idempotencyKey!: string;
  change!: EntityChange;
}

export const FollowAlertSettingsSchema = new EntitySchema<FollowAlertSettings>({
  class: FollowAlertSettings,
  tableName: 'follow_alert_settings',
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => User, deleteRule: 'cascade', unique: true },
    email: { type: 'boolean', default: false },
    webhookUrl: { type: 'string', length: 2000, nullable: true },
    webhookSecret: { type: 'string', length: 100, nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

export const FollowAlertSchema = new EntitySchema<FollowAlert>({
  class: FollowAlert,
  tableName: 'follow_alerts',
  indexes: [{ properties: ['state', 'nextAttemptAt'] }],
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => User, deleteRule: 'cascade' },
    channel: { type: 'string', length: 16 },
    idempotencyKey: { type: 'string', length: 400, unique: true },
    change: { type: 'json' },
    ...OUTBOX_ROW_PROPERTIES,
  },
});
