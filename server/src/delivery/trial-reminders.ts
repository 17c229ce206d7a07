import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { TRIAL_REMINDER_DAYS, TRIALING_STATUS } from '@dcbrief/shared';
import { leaseOwner } from '../db/lease.js';
import { fromRow } from '../db/raw-values.js';
import { cardFreeTrialEndingEmail } from '../mail/templates/account-emails.js';
import { endExpiredTrials } from '../modules/users/trial.js';
import { User } from '../modules/users/user.entity.js';
import { Delivery, type NoticeKind } from './delivery.entity.js';
import type { DeliveryDeps } from './deps.js';
import { suppressedAddresses } from './recipients.service.js';
import { afterFailedSend, LEASE_MS } from './send.js';

const DAY_MS = 86_400_000;
const KIND: NoticeKind = 'trial-ending';
/** Reminders claimed per batch: few are due at once (one per trial, ever). */
const BATCH = 50;

export interface TrialNoticesSummary {
  /** Card-free trials that ended since the last pass (their digests stop). */
  ended: number;
  /** Reminders put in the outbox by this pass. */
  planned: number;
  sent: number;
  retrying: number;
  failed: number;
  cancelled: number;
}

/**
 * The card-free trial's end, through the outbox (docs/decisions/008): trials whose end has come become
 * 'trial_ended' (no more digests, nothing charged), and TRIAL_REMINDER_DAYS before its end each trial gets one
 * reminder. The reminder is an outbox row like a digest's: its key (subscriber, 'trial-ending', the trial's end
 * date) is created once, a conditional claim hands it to one process, a lease marks it `uncertain` if that
 * process dies mid-send (the operator resolves it), failures retry with the digests' backoff. So it is sent once,
 * also across crashes and servers. `now` is the pass's time; trials end on the real clock, as leases do.
 */
export async function runTrialNotices(deps: DeliveryDeps, now: Date): Promise<TrialNoticesSummary> {
  const ended = await endExpiredTrials(deps.orm.em.fork(), deps.clock.now());
  const planned = await planTrialReminders(deps, now);
  return { ended, planned, ...(await sendTrialReminders(deps, now)) };
}

/** Outbox rows for the trials ending within TRIAL_REMINDER_DAYS (and not yet over); an existing key is kept. */
export async function planTrialReminders(deps: DeliveryDeps, now: Date): Promise<number> {
  const em = deps.orm.em.fork() as SqlEntityManager;
  const due = await em.find(
    User,
    {
      subscriptionStatus: TRIALING_STATUS,
      trialEndsAt: { $gt: now, $lte: new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS) },
    },
    { fields: ['id', 'trialEndsAt'] },
  );
  if (!due.length) return 0;
  const host = new URL(deps.config.publicUrl).hostname || 'dcbrief.local';
  const rows = due.map((user) => {
    const id = randomUUID();
    return {
      id,
      user: user.id,
      kind: KIND,
      // One trial per address, so one reminder per account: the trial's end date names it.
      editionDate: user.trialEndsAt!.toISOString().slice(0, 10),
      slot: '',
      scheduledFor: new Date(user.trialEndsAt!.getTime() - TRIAL_REMINDER_DAYS * DAY_MS),
      state: 'pending' as const,
      messageId: `<${id}@${host}>`,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    };
  });
  const before = await em.count(Delivery, { kind: KIND, user: { $in: due.map((u) => u.id) } });
  await em.createQueryBuilder(Delivery).insert(rows).onConflict(['user', 'kind', 'editionDate', 'slot']).ignore().execute();
  return (await em.count(Delivery, { kind: KIND, user: { $in: due.map((u) => u.id) } })) - before;
}

interface ClaimedReminder {
  id: string;
  messageId: string;
  attempts: number;
  email: string;
  firstName: string;
  subscriptionStatus: string;
  trialEndsAt: Date | null;
}

/** Claims the due reminders (pending -> sending under a lease), sends each, records each outcome. */
export async function sendTrialReminders(deps: DeliveryDeps, now: Date): Promise<Omit<TrialNoticesSummary, 'ended' | 'planned'>> {
  const summary = { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  const suppressed = await suppressedAddresses(deps.orm.em.fork());
  const subscribeUrl = `${deps.config.publicUrl}/subscribe`;
  for (;;) {
    const em = deps.orm.em.fork() as SqlEntityManager;
    const owner = leaseOwner();
    const due = await em.find(
      Delivery,
      { kind: KIND, state: 'pending', nextAttemptAt: { $lte: now } },
      { fields: ['id'], limit: BATCH, orderBy: { nextAttemptAt: 'asc', id: 'asc' } },
    );
    if (!due.length) break;
    const claimedAt = deps.clock.now();
    await em.nativeUpdate(
      Delivery,
      { id: { $in: due.map((d) => d.id) }, state: 'pending' },
      { state: 'sending', leaseOwner: owner, leaseUntil: new Date(claimedAt.getTime() + LEASE_MS), updatedAt: claimedAt },
    );
    const claimed: ClaimedReminder[] = (
      await em
        .createQueryBuilder(Delivery, 'r')
        .select(['r.id', 'r.message_id', 'r.attempts'])
        .addSelect(['u.email', 'u.first_name', 'u.subscription_status', 'u.trial_ends_at'])
        .join('r.user', 'u')
        .where({ leaseOwner: owner, state: 'sending' })
        .execute<Array<Record<string, unknown>>>('all', false)
    ).map((r) => ({
      id: r.id as string,
      messageId: r.message_id as string,
      attempts: Number(r.attempts),
      email: r.email as string,
      firstName: (r.first_name as string | null) ?? '',
      subscriptionStatus: r.subscription_status as string,
      trialEndsAt: r.trial_ends_at == null ? null : fromRow.date(r.trial_ends_at),
    }));
    if (!claimed.length) continue; // another process claimed them first
    for (const row of claimed) {
      const done = { leaseOwner: null, leaseUntil: null, updatedAt: deps.clock.now() };
      const reason = whyNotRemind(row, suppressed.has(row.email), now);
      if (reason) {
        await em.nativeUpdate(Delivery, { id: row.id, leaseOwner: owner }, { state: 'cancelled', lastError: reason, ...done });
        summary.cancelled++;
        continue;
      }
      try {
        await deps.mailer.send({
          ...cardFreeTrialEndingEmail(row.email, row.firstName, row.trialEndsAt!, subscribeUrl),
          headers: { 'Message-ID': row.messageId, 'X-DCBrief-Delivery': row.id },
        });
        await em.nativeUpdate(
          Delivery,
          { id: row.id, leaseOwner: owner },
          { state: 'sent', sentAt: deps.clock.now(), lastError: null, ...done },
        );
        summary.sent++;
      } catch (err) {
        const error = err as Error & { responseCode?: number };
        const { giveUp, update } = afterFailedSend(row.attempts, error, deps.config.delivery.maxAttempts, now);
        const { attempts } = update;
        await em.nativeUpdate(
          Delivery,
          { id: row.id, leaseOwner: owner },
          {
            ...update,
            ...done,
          },
        );
        if (giveUp) summary.failed++;
        else summary.retrying++;
        deps.logger.warn({ delivery: row.id, attempts, giveUp, err: error.message }, 'trial reminder email failed');
      }
    }
  }
  return summary;
}

/** A reminder no longer has anything to say when the trial was converted or is over, or mail cannot reach them. */
function whyNotRemind(row: ClaimedReminder, suppressed: boolean, now: Date): string | null {
  if (suppressed) return 'The address bounced or complained';
  if (row.subscriptionStatus !== TRIALING_STATUS) return 'The trial was converted to a subscription or has ended';
  if (!row.trialEndsAt || row.trialEndsAt <= now) return 'The trial has ended';
  return null;
}
