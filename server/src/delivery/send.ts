import { hasPremiumAccess, mergePreferences, TRIALING_STATUS, type DigestKind, type Preferences, type Tier } from '@dcbrief/shared';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { fromRow } from '../db/raw-values.js';
import { leaseOwner } from '../db/lease.js';
import { Digest } from '../modules/digests/digest.entity.js';
import type { MailMessage } from '../mail/mailer.js';
import type { User } from '../modules/users/user.entity.js';
import { Delivery } from './delivery.entity.js';
import { suppressedAddresses } from './recipients.service.js';
import type { DeliveryDeps } from './deps.js';
import type { ComposeProgress } from './compose-progress.js';
import { SendWindow } from './send-window.js';
import type { DigestEmailTemplate } from './email-template.js';
import { digestLinks, entityPageUrl, episodePageUrl, preferencesUrl } from './digest-links.js';
import { greetingFor, listenLabel } from './render.js';
import { TemplateCache, type DigestOfRow } from './template-cache.js';
import { LinkSigner } from './tokens.js';
import { perStatement } from '../db/per-statement.js';
import { isPostgreSql } from '../db/dialect.js';

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

/** A due outbox row with what sending it needs: read as plain rows, not entities (the hot path). */
interface DueRow extends DigestOfRow {
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

type SendError = Error & { responseCode?: number };

/** What became of one claimed row, written with the other outcomes that finished about the same time. */
type Outcome =
  | { kind: 'sent'; id: string; digestId: string }
  | { kind: 'cancelled'; id: string; reason: string }
  | { kind: 'failed'; row: Pick<DueRow, 'id' | 'attempts'>; error: SendError };

/** A due row with its encoded email and Listen line, fixed when it is read: a later read may evict the template. */
interface ReadyRow extends DueRow {
  template: DigestEmailTemplate;
  listen: { url: string; label: string } | null;
}

/** Progress is reported every four rows per concurrent send: often enough to follow, not on every write. */
const PROGRESS_EVERY_SLOTS = 4;

/**
 * Sends due rows with at most DELIVERY_CONCURRENCY of them claimed and not yet recorded, so a process
 * killed mid-send leaves at most that many uncertain (send-window.ts, docs/decisions/310). Two processes
 * never claim the same row: the claim is a conditional update on `state = 'pending'`. Each distinct digest
 * content is rendered and encoded once (email-template.ts); a message adds only its subscriber's greeting and links.
 */
export async function sendDue(
  deps: DeliveryDeps,
  now: Date,
  options: { shouldStop?: () => boolean; onProgress?: (s: SendSummary) => void; composing?: ComposeProgress } = {},
): Promise<SendSummary> {
  const summary: SendSummary = { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  const size = deps.config.delivery.concurrency;
  const owner = leaseOwner();
  const signer = new LinkSigner(deps.config.sessionSecret);
  const templates = new TemplateCache(preferencesUrl(deps.config.publicUrl), entityPageUrl(deps.config.publicUrl));
  const suppressed = await suppressedAddresses(deps.orm.em.fork());
  const progress = throttled(() => options.onProgress?.(summary), PROGRESS_EVERY_SLOTS * size);
  const window = new SendWindow<ReadyRow, Outcome>(
    {
      readAhead: (exclude, limit) => readAhead(deps, templates, now, exclude, limit),
      turnover: (outcomes, candidates) => turnover(deps, now, owner, outcomes, candidates, summary),
      send: (row) => sendOne(deps, signer, suppressed, row),
    },
    { size, shouldStop: options.shouldStop, composing: options.composing, onRecorded: (n) => progress.add(n) },
  );
  await window.run();
  progress.flush();
  return summary;
}

/** Calls `report` once at least `every` items were added since the last call, and on `flush` if any were. */
function throttled(report: () => void, every: number) {
  let unreported = 0;
  return {
    add(n: number) {
      unreported += n;
      if (unreported >= every) this.flush();
    },
    flush() {
      if (!unreported) return;
      unreported = 0;
      report();
    },
  };
}

/** Due rows not yet claimed (none of `exclude`), in claim order, with their subscriber, digest and email. */
async function readAhead(deps: DeliveryDeps, templates: TemplateCache, now: Date, exclude: string[], limit: number): Promise<ReadyRow[]> {
  const em = deps.orm.em.fork();
  const rows = await dueRows(em, now, exclude, limit);
  await templates.load(em, rows);
  const listening = await readyEpisodesOf(deps, rows);
  return rows.map((row) => {
    const durationSec = listening.get(row.id);
    const listen =
      durationSec === undefined ? null : { url: episodePageUrl(deps.config.publicUrl, row.digestId), label: listenLabel(durationSec) };
    return { ...row, template: templates.of(row), listen };
  });
}

/**
 * Writes a group of outcomes and claims read-ahead rows in their place: the rare cancelled or failed row on its
 * own, the sent rows' digests (they join the archive: their email was accepted), then the sent rows and the
 * claim in one statement. No transaction around them: each statement is atomic, and a crash between the
 * digests and the rows leaves what is true (the digest was sent; its row becomes uncertain, as any row in
 * flight does).
 */
async function turnover(deps: DeliveryDeps, now: Date, owner: string, outcomes: Outcome[], candidates: ReadyRow[], summary: SendSummary) {
  const em = deps.orm.em.fork();
  await recordUnsent(em, deps, now, owner, outcomes);
  const sent = outcomes.filter((o) => o.kind === 'sent');
  // The lease runs on the real clock, from the moment of the claim: `now` is the pass's schedule time
  // (a past --now, or the start of a long pass), and another process judges the lease by its own clock.
  const at = deps.clock.now();
  for (const chunk of perStatement(sent)) await em.nativeUpdate(Digest, { id: { $in: chunk.map((s) => s.digestId) } }, { sentAt: at });
  const claimed = await recordSentAndClaim(
    em,
    { owner, at, now },
    sent.map((s) => s.id),
    candidates,
  );
  tally(deps, now, outcomes, summary);
  return claimed;
}

/** Cancelled and failed outcomes, one statement each (a handful in a pass, where sent rows are thousands). */
async function recordUnsent(em: EntityManager, deps: DeliveryDeps, now: Date, owner: string, outcomes: Outcome[]) {
  // Cancelled and finally failed digests never reached the subscriber: a later digest may carry their
  // stories (received.ts goes by the row's state).
  for (const { id, reason } of outcomes.filter((o) => o.kind === 'cancelled')) {
    await em.nativeUpdate(
      Delivery,
      { id, leaseOwner: owner },
      { state: 'cancelled', lastError: reason, leaseOwner: null, leaseUntil: null, updatedAt: now },
    );
  }
  for (const { row, error } of outcomes.filter((o) => o.kind === 'failed')) {
    const { update } = afterFailedSend(row.attempts, error, deps.config.delivery.maxAttempts, now);
    await em.nativeUpdate(Delivery, { id: row.id, leaseOwner: owner }, { ...update, leaseOwner: null, leaseUntil: null, updatedAt: now });
  }
}

/**
 * One statement: this pass's sent rows become `sent`, and the candidates still pending, due and at the attempt
 * they were read at (another process may have claimed them, or sent and failed them, since) become `sending`
 * under this pass's lease. The CASEs tell the two groups apart by the state a row had: only a candidate was
 * `pending`. Written in SQL because the ORM's update sets one value per column. Returns the candidates claimed.
 */
async function recordSentAndClaim(
  em: EntityManager,
  { owner, at, now }: { owner: string; at: Date; now: Date },
  sentIds: string[],
  candidates: ReadyRow[],
): Promise<ReadyRow[]> {
  if (!sentIds.length && !candidates.length) return [];
  const list = (ids: string[]) => ids.map(() => '?').join(', ');
  const where: string[] = [];
  const whereParams: unknown[] = [];
  if (sentIds.length) {
    where.push(`(lease_owner = ? and id in (${list(sentIds)}))`);
    whereParams.push(owner, ...sentIds);
  }
  if (candidates.length) {
    const byAttempts = new Map<number, string[]>();
    for (const row of candidates) {
      if (!byAttempts.has(row.attempts)) byAttempts.set(row.attempts, []);
      byAttempts.get(row.attempts)!.push(row.id);
    }
    const groups = [...byAttempts].map(([, ids]) => `(attempts = ? and id in (${list(ids)}))`);
    // On SQLite, `+` keeps the planner on the primary key: without table statistics it would take the
    // (state, next attempt) index and walk every pending row of the pass for each claim.
    const noIndex = isPostgreSql(em) ? '' : '+';
    where.push(`(${noIndex}state = 'pending' and ${noIndex}next_attempt_at <= ? and (${groups.join(' or ')}))`);
    whereParams.push(now, ...[...byAttempts].flatMap(([attempts, ids]) => [attempts, ...ids]));
  }
  // PostgreSQL types a bare parameter in a CASE as text, which a timestamp column does not take.
  const timestamp = isPostgreSql(em) ? 'cast(? as timestamptz)' : '?';
  const sql =
    `update deliveries set ` +
    `state = case when state = 'pending' then 'sending' else 'sent' end, ` +
    `lease_owner = case when state = 'pending' then ? end, ` +
    `lease_until = case when state = 'pending' then ${timestamp} end, ` +
    `sent_at = case when state = 'pending' then sent_at else ? end, ` +
    `last_error = case when state = 'pending' then last_error end, ` +
    `updated_at = ? ` +
    `where ${where.join(' or ')}`;
  const params = [owner, new Date(at.getTime() + LEASE_MS), at, at, ...whereParams];
  const { affectedRows } = await em.getConnection().execute<{ affectedRows: number }>(sql, params, 'run');
  if (affectedRows === sentIds.length + candidates.length) return candidates;
  const ours = await em.find(
    Delivery,
    { id: { $in: candidates.map((r) => r.id) }, leaseOwner: owner, state: 'sending' },
    { fields: ['id'], disableIdentityMap: true },
  );
  const ids = new Set(ours.map((d) => d.id));
  return candidates.filter((r) => ids.has(r.id));
}

/** Sends one claimed row, unless its subscriber should no longer receive it; a failed send is an outcome, not an error. */
async function sendOne(deps: DeliveryDeps, signer: LinkSigner, suppressed: Set<string>, row: ReadyRow): Promise<Outcome> {
  const reason = reasonNotToSend(row, row.kind, suppressed.has(row.email), row.scheduledFor);
  if (reason) return { kind: 'cancelled', id: row.id, reason };
  const message = digestMessage(deps, signer, row);
  try {
    await deps.mailer.send(message);
    return { kind: 'sent', id: row.id, digestId: row.digestId };
  } catch (err) {
    return { kind: 'failed', row, error: err as SendError };
  }
}

function digestMessage(deps: DeliveryDeps, signer: LinkSigner, row: ReadyRow): MailMessage {
  const links = { ...digestLinks(deps, signer, row.userId, row.digestId), listen: row.listen };
  return {
    to: row.email,
    subject: row.template.subject,
    ...row.template.parts({
      greeting: greetingFor(row.firstName, row.kind, mergePreferences(row.preferences, {}).deliveryTime),
      links,
    }),
    headers: {
      'Message-ID': row.messageId,
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-DCBrief-Delivery': row.id,
    },
  };
}

/** Whether a subscriber's digests are read aloud: premium and active, with "generate audio digest" on (decision 403). */
export function listensToDigests(row: Pick<DueRow, 'subscriptionTier' | 'subscriptionStatus' | 'preferences'>): boolean {
  return hasPremiumAccess(row) && mergePreferences(row.preferences, {}).audio.enabled;
}

/**
 * The episode length of each claimed row whose subscriber listens and whose episode is ready, by row id. The
 * email never waits for its audio (decision 407): a row whose episode is not ready goes without the Listen
 * line, and the log says so.
 */
async function readyEpisodesOf(deps: DeliveryDeps, claimed: DueRow[]): Promise<Map<string, number>> {
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

/** Pending rows due at `now` with a composed digest, none of `exclude`, with their subscriber and digest, in one query. */
async function dueRows(em: EntityManager, now: Date, exclude: string[], limit: number): Promise<DueRow[]> {
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
    .where({ state: 'pending', nextAttemptAt: { $lte: now }, ...(exclude.length ? { id: { $nin: exclude } } : {}) })
    .orderBy({ nextAttemptAt: 'asc', id: 'asc' })
    .limit(limit)
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

/** Counts written outcomes into the pass's summary and logs the failed sends. */
function tally(deps: DeliveryDeps, now: Date, outcomes: Outcome[], summary: SendSummary) {
  for (const outcome of outcomes) {
    if (outcome.kind !== 'failed') {
      summary[outcome.kind === 'sent' ? 'sent' : 'cancelled']++;
      continue;
    }
    const { giveUp, update } = afterFailedSend(outcome.row.attempts, outcome.error, deps.config.delivery.maxAttempts, now);
    summary[giveUp ? 'failed' : 'retrying']++;
    deps.logger.warn({ delivery: outcome.row.id, attempts: update.attempts, giveUp, err: outcome.error.message }, 'digest email failed');
  }
}
