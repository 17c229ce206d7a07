import type { EntityManager } from '@mikro-orm/core';
import { DIGEST_KINDS, mergePreferences } from '@dcbrief/shared';
import type { Clock } from '../lib/clock.js';
import { User } from '../modules/users/user.entity.js';
import { Delivery, EmailSuppression, type DeliveryKind, type SuppressionReason } from './delivery.entity.js';

/** A bounce or complaint as the SMTP provider's webhook reports it (webhook.routes.ts parses it). */
export interface MailEvent {
  type: SuppressionReason;
  email: string;
  bounceType: 'permanent' | 'transient';
  messageId?: string;
  detail?: string;
}

export interface MailEventsOutcome {
  /** Addresses newly added to the suppression list. */
  suppressed: number;
  /** Outbox rows that got the event noted (matched by Message-ID). */
  noted: number;
  /** The events that stopped mail to their address (complaints and permanent bounces). */
  stopped: MailEvent[];
}

/**
 * Who may be sent digest email. A subscriber who unsubscribes and an address whose mail server bounces or
 * complains both stop it at once: what waits for them in the outbox is cancelled, and the sender checks
 * again right before each send (docs/decisions/303).
 */
export class RecipientsService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Turns every digest email off and cancels what waits in the outbox, so it takes effect before the next send. */
  async unsubscribe(user: User): Promise<void> {
    const now = this.clock.now();
    await this.em.transactional(async (em) => {
      user.preferences = mergePreferences(user.preferences, { dailyDigest: false, weeklySummary: false, breakingNews: false });
      em.persist(user);
      await em.flush();
      // Digests only: a notice about the account (the trial's end) is not a digest email.
      await cancelPending(em, user, 'The subscriber unsubscribed', now, DIGEST_KINDS);
    });
  }

  /**
   * Notes each event on the outbox row it names; a complaint or a permanent bounce also suppresses the
   * address and cancels its pending rows. A transient bounce (mailbox full, greylisting) is only noted.
   */
  async recordMailEvents(events: MailEvent[]): Promise<MailEventsOutcome> {
    const now = this.clock.now();
    const outcome: MailEventsOutcome = { suppressed: 0, noted: 0, stopped: [] };
    for (const event of events) {
      const note = noteOf(event);
      const messageId = event.messageId ? `<${event.messageId.replace(/^<|>$/g, '')}>` : null;
      if (messageId) outcome.noted += await this.em.nativeUpdate(Delivery, { messageId }, { lastError: note, updatedAt: now });
      if (event.type === 'bounce' && event.bounceType === 'transient') continue;
      if (await this.suppress(event, now)) outcome.suppressed++;
      const user = await this.em.findOne(User, { email: event.email });
      if (user) await cancelPending(this.em, user, `Suppressed: ${note}`, now);
      outcome.stopped.push(event);
    }
    return outcome;
  }

  /** The operator lifts a suppression (the address works again); false when it was not suppressed. */
  async unsuppress(email: string): Promise<boolean> {
    return (await this.em.nativeDelete(EmailSuppression, { email: email.trim().toLowerCase() })) > 0;
  }

  /** Adds the address to the suppression list; false when it was on it already. */
  private async suppress(event: MailEvent, now: Date): Promise<boolean> {
    if (await this.em.findOne(EmailSuppression, { email: event.email })) return false;
    this.em.persist(
      this.em.create(EmailSuppression, { email: event.email, reason: event.type, detail: event.detail ?? null, createdAt: now }),
    );
    await this.em.flush();
    return true;
  }
}

/**
 * Cancels a subscriber's pending outbox rows: those digests will never be read. Their stories may go out
 * in a later digest, should mail to them start again (received.ts goes by the row's state).
 */
export function cancelPending(em: EntityManager, user: User, reason: string, now: Date, kinds?: readonly DeliveryKind[]): Promise<number> {
  return em.nativeUpdate(
    Delivery,
    { user, state: 'pending', ...(kinds ? { kind: { $in: [...kinds] } } : {}) },
    { state: 'cancelled', lastError: reason.slice(0, 500), updatedAt: now },
  );
}

/** The addresses nothing is sent to (bounced or complained), for a pass to check its rows against. */
export async function suppressedAddresses(em: EntityManager): Promise<Set<string>> {
  return new Set((await em.find(EmailSuppression, {}, { fields: ['email'] })).map((s) => s.email));
}

/** How an event reads on its outbox row: "bounce (permanent): 550 mailbox unknown". */
function noteOf(event: MailEvent): string {
  const bounce = event.type === 'bounce' ? ` (${event.bounceType})` : '';
  return `${event.type}${bounce}${event.detail ? `: ${event.detail}` : ''}`.slice(0, 500);
}
