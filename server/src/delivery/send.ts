import pLimit from 'p-limit';
import { hasPremiumAccess, mergePreferences, TRIALING_STATUS, type DigestKind, type Preferences, type Tier } from '@dcbrief/shared';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { fromRow } from '../db/raw-values.js';
import { leaseOwner } from '../db/lease.js';
import { Digest } from '../modules/digests/digest.entity.js';
import type { User } from '../modules/users/user.entity.js';
import { Delivery } from './delivery.entity.js';
import { suppressedAddresses } from './recipients.service.js';
import type { DeliveryDeps } from './deps.js';
import type { ComposeProgress } from './compose-progress.js';
import { digestLinks, episodePageUrl, preferencesUrl } from './digest-links.js';
import { greetingFor, listenLabel } from './render.js';
import { TemplateCache, type DigestOfRow } from './template-cache.js';
import { LinkSigner } from './tokens.js';
import { perStatement } from '../db/per-statement.js';

/** Backoff after the 1st, 2nd, ... failed attempt; the last value repeats. */
export const RETRY_DELAYS_MIN = [1, 5, 15, 60];

/**
 * What a failed send makes of its outbox row: retried after the next delay, or failed for good after the last
 * attempt or on a 5xx answer (the receiving side's final word: unknown mailbox, policy; retrying changes nothing).
 */
export function afterFailedSend(previousAttempts: number, error: Error & { responseCode?: number }, maxAttempts: number, now: Date) {
  const attempts = previousAttempts + 1;
  const permanent = typeof error.responseCode === 'number' && error.responseCode >= 500;
  const giveUp = permanent || attempts >= maxAttempts;
  const delayMin = RETRY_DELAYS_MIN[Math.min(attempts - 1, RETRY_DELAYS_MIN.length - 1)]!;
  return {
    giveUp,
    update: {
      state: giveUp ? ('failed' as const) : ('pending' as const),
      attempts,
      nextAttemptAt: new Date(now.getTime() + delayMin * 60_000),
      lastError: String(error.message ?? error).slice(0, 500),
    },
  };
}
/**
 * A row stays `sending` at most this long after its claim, on the real clock (the Clock port's now(),
 * never a pass's --now); past it, a process that held it is taken for dead (docs/decisions/301, 304).
 */
export const LEASE_MS = 10 * 60_000;
/**
 * Rows claimed per batch for each concurrent send. Two batches may be claimed at once (one sending, the
 * next queued), so a crash leaves at most 8 rows per concurrent send uncertain, as before (docs/decisions/301).
 */
const CLAIM_PER_SLOT = 4;

export interface SendSummary {
  sent: number;
  retrying: number;
  failed: number;
  cancelled: number;
}

const PREF_FOR_KIND: Record<DigestKind, keyof Pick<Preferences, 'dailyDigest' | 'weeklySummary' | 'breakingNews'>> = {
  daily: 'dailyDigest',
  weekly: 'weeklySummary',
  breaking: 'breakingNews',
};

/**
 * Why a row must not be sent any more, checked right before sending: unsubscribing takes effect at once. A
 * card-free trial's digests are owed while it runs: one scheduled before its end still goes (a retry, a catch-up).
 */
function reasonNotToSend(
  user: Pick<User, 'subscriptionStatus' | 'preferences' | 'trialEndsAt'>,
  kind: DigestKind,
  suppressed: boolean,
  scheduledFor: Date,
): string | null {
  if (suppressed) return 'The address bounced or complained';
  const inTrial = user.subscriptionStatus === TRIALING_STATUS && !!user.trialEndsAt && user.trialEndsAt > scheduledFor;
  if (user.subscriptionStatus !== 'active' && !inTrial) return 'The subscription is no longer active';
  if (!mergePreferences(user.preferences, {})[PREF_FOR_KIND[kind]]) return `The subscriber turned ${kind} emails off`;
  return null;
}

/** A claimed outbox row with what sending it needs: read as plain rows, not entities (the hot path). */
interface ClaimedRow extends DigestOfRow {
  id: string;
  messageId: string;
  attempts: number;
  userId: string;
  email: string;
  firstName: string;
  subscriptionStatus: string;
  subscriptionTier: Tier | null;
  trialEndsAt: Date | null;
  scheduledFor: Date;
  preferences: Preferences;
  digestId: string;
}

/**
 * Sends due rows: claims a batch (pending -> sending, with this pass's lease), sends it with bounded
 * concurrency through the mailer, then records each outcome. Two processes never claim the same row:
 * the claim is a conditional update on `state = 'pending'`. Each distinct digest content is rendered and
 * encoded once (email-template.ts); a message adds only its subscriber's greeting and links.
 */
export async function sendDue(
  deps: DeliveryDeps,
  now: Date,
  options: { shouldStop?: () => boolean; onBatch?: (s: SendSummary) => void; composing?: ComposeProgress } = {},
): Promise<SendSummary> {
  const summary: SendSummary = { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  const signer = new LinkSigner(deps.config.sessionSecret);
  const limit = pLimit(deps.config.delivery.concurrency);
  const templates = new TemplateCache(preferencesUrl(deps.config.publicUrl));
  const batchSize = Math.max(8, deps.config.delivery.concurrency * CLAIM_PER_SLOT);
  const suppressed = await suppressedAddresses(deps.orm.em.fork());
  // Two claimed batches at most: the one being sent and the next, queued behind it in the same limiter so
  // the connections never wait for a batch's last message or for the database between batches.
  const running = new Set<Promise<void>>();
  const claimAndSend = async (): Promise<'claimed' | 'none'> => {
    const em = deps.orm.em.fork();
    const owner = leaseOwner();
    const due = await em.find(
      Delivery,
      { state: 'pending', digest: { $ne: null }, nextAttemptAt: { $lte: now } },
      { fields: ['id'], limit: batchSize, orderBy: { nextAttemptAt: 'asc', id: 'asc' } },
    );
    if (!due.length) return 'none';
    // The lease runs on the real clock, from the moment of the claim: `now` is the pass's schedule time
    // (a past --now, or the start of a long pass), and another process judges the lease by its own clock.
    const claimedAt = deps.clock.now();
    await em.nativeUpdate(
      Delivery,
      { id: { $in: due.map((d) => d.id) }, state: 'pending' },
      { state: 'sending', leaseOwner: owner, leaseUntil: new Date(claimedAt.getTime() + LEASE_MS), updatedAt: claimedAt },
    );
    const claimed = await claimedRows(em, owner);
    await templates.load(em, claimed);
    const listening = await readyEpisodesOf(deps, claimed);
    const batch = sendBatch(claimed, listening)
      .then((outcome) => recordOutcomes(deps, now, owner, outcome, summary))
      .then(() => options.onBatch?.(summary));
    const tracked: Promise<void> = batch.finally(() => running.delete(tracked));
    running.add(tracked);
    return 'claimed';
  };
  const sendBatch = async (claimed: ClaimedRow[], listening: Map<string, number>) => {
    const sent: Array<{ id: string; digestId: string }> = [];
    const cancelled: Array<{ id: string; reason: string }> = [];
    const failures: Array<{ row: Pick<ClaimedRow, 'id' | 'attempts'>; error: Error & { responseCode?: number } }> = [];
    await Promise.all(
      claimed.map((row) =>
        limit(async () => {
          const reason = reasonNotToSend(row, row.kind, suppressed.has(row.email), row.scheduledFor);
          if (reason) return cancelled.push({ id: row.id, reason });
          const durationSec = listening.get(row.id);
          const links = {
            ...digestLinks(deps, signer, row.userId, row.digestId),
            listen:
              durationSec === undefined
                ? null
                : { url: episodePageUrl(deps.config.publicUrl, row.digestId), label: listenLabel(durationSec) },
          };
          const template = templates.of(row);
          try {
            await deps.mailer.send({
              to: row.email,
              subject: template.subject,
              ...template.parts({
                greeting: greetingFor(row.firstName, row.kind, mergePreferences(row.preferences, {}).deliveryTime),
                links,
              }),
              headers: {
                'Message-ID': row.messageId,
                'List-Unsubscribe': `<${links.unsubscribe}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                'X-DCBrief-Delivery': row.id,
              },
            });
            sent.push({ id: row.id, digestId: row.digestId });
          } catch (err) {
            failures.push({ row, error: err as Error });
          }
        }),
      ),
    );
    return { sent, cancelled, failures };
  };

  try {
    while (!options.shouldStop?.()) {
      if (running.size >= 2) {
        await Promise.race(running);
        continue;
      }
      const composedBefore = options.composing?.batches ?? 0;
      if ((await claimAndSend()) === 'claimed') continue;
      // Nothing due now: a batch still sending may fail into a retry later, not now; composing alongside
      // may bring more. Wait for either, and stop when neither can.
      if (running.size) await Promise.race(running);
      else if (!(options.composing && (await options.composing.more(composedBefore)))) break;
    }
  } finally {
    // Whatever ended the loop (done, stopping, an error), the batches under way finish and are recorded.
    const settled = await Promise.allSettled([...running]);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return summary;
}

/** Whether a subscriber's digests are read aloud: premium and active, with "generate audio digest" on (decision 403). */
export function listensToDigests(row: Pick<ClaimedRow, 'subscriptionTier' | 'subscriptionStatus' | 'preferences'>): boolean {
  return hasPremiumAccess(row) && mergePreferences(row.preferences, {}).audio.enabled;
}

/**
 * The episode length of each claimed row whose subscriber listens and whose episode is ready, by row id. The
 * email never waits for its audio (decision 407): a row whose episode is not ready goes without the Listen
 * line, and the log says so.
 */
async function readyEpisodesOf(deps: DeliveryDeps, claimed: ClaimedRow[]): Promise<Map<string, number>> {
  const listeners = claimed.filter((r) => r.kind !== 'breaking' && listensToDigests(r));
  const out = new Map<string, number>();
  if (!listeners.length || !deps.episodes) return out;
  const ready = await deps.episodes.readyEpisodes(listeners.map((r) => r.digestId));
  for (const row of listeners) {
    const durationSec = ready.get(row.digestId);
    if (durationSec !== undefined) out.set(row.id, durationSec);
    else
      deps.logger.warn(
        { delivery: row.id, digest: row.digestId },
        'audio episode not ready at send time: the digest email goes without its "Listen" line',
      );
  }
  return out;
}

/** The rows this claim holds, with their subscriber and digest, in one query. */
async function claimedRows(em: EntityManager, owner: string): Promise<ClaimedRow[]> {
  const rows: Array<Record<string, unknown>> = await (em as SqlEntityManager)
    .createQueryBuilder(Delivery, 'r')
    .select(['r.id', 'r.kind', 'r.message_id', 'r.attempts', 'r.scheduled_for'])
    .addSelect([
      'u.id as user_id',
      'u.email',
      'u.first_name',
      'u.subscription_status',
      'u.subscription_tier',
      'u.trial_ends_at',
      'u.preferences',
    ])
    .addSelect(['d.id as digest_id', 'd.content_id', 'd.date', 'd.title', 'd.quiet'])
    .join('r.user', 'u')
    .join('r.digest', 'd')
    .where({ leaseOwner: owner, state: 'sending' })
    .execute('all', false);
  return rows.map((r) => ({
    id: r.id as string,
    kind: r.kind as DigestKind,
    messageId: r.message_id as string,
    attempts: Number(r.attempts),
    userId: r.user_id as string,
    email: r.email as string,
    firstName: (r.first_name as string | null) ?? '',
    subscriptionStatus: r.subscription_status as string,
    subscriptionTier: (r.subscription_tier as Tier | null) ?? null,
    trialEndsAt: r.trial_ends_at == null ? null : fromRow.date(r.trial_ends_at),
    scheduledFor: fromRow.date(r.scheduled_for),
    preferences: fromRow.json<Preferences>(r.preferences),
    digestId: r.digest_id as string,
    contentId: (r.content_id as string | null) ?? null,
    date: r.date as string,
    title: r.title as string,
    quiet: fromRow.bool(r.quiet),
  }));
}

async function recordOutcomes(
  deps: DeliveryDeps,
  now: Date,
  owner: string,
  outcome: {
    sent: Array<{ id: string; digestId: string }>;
    cancelled: Array<{ id: string; reason: string }>;
    failures: Array<{ row: Pick<ClaimedRow, 'id' | 'attempts'>; error: Error & { responseCode?: number } }>;
  },
  summary: SendSummary,
) {
  const sentAt = deps.clock.now();
  // A fresh context: the claimed rows loaded in `em` would be flushed back over these updates at commit.
  await deps.orm.em.fork().transactional(async (tx) => {
    if (outcome.sent.length) {
      for (const chunk of perStatement(outcome.sent)) {
        await tx.nativeUpdate(
          Delivery,
          { id: { $in: chunk.map((s) => s.id) }, leaseOwner: owner },
          { state: 'sent', sentAt, leaseOwner: null, leaseUntil: null, lastError: null, updatedAt: now },
        );
        await tx.nativeUpdate(Digest, { id: { $in: chunk.map((s) => s.digestId) } }, { sentAt });
      }
    }
    for (const { id, reason } of outcome.cancelled) {
      await tx.nativeUpdate(
        Delivery,
        { id, leaseOwner: owner },
        { state: 'cancelled', lastError: reason, leaseOwner: null, leaseUntil: null, updatedAt: now },
      );
    }
    for (const { row, error } of outcome.failures) {
      const { giveUp, update } = afterFailedSend(row.attempts, error, deps.config.delivery.maxAttempts, now);
      await tx.nativeUpdate(
        Delivery,
        { id: row.id, leaseOwner: owner },
        {
          ...update,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: now,
        },
      );
      if (giveUp) summary.failed++;
      else summary.retrying++;
      deps.logger.warn({ delivery: row.id, attempts: update.attempts, giveUp, err: error.message }, 'digest email failed');
    }
    // Cancelled and finally failed digests never reached the subscriber: a later digest may carry their
    // stories (received.ts goes by the row's state).
  });
  summary.sent += outcome.sent.length;
  summary.cancelled += outcome.cancelled.length;
}
