import { composeDigests, type ComposeSummary } from './compose-digests.js';
import type { DeliveryDeps } from './deps.js';
import { MemoizedEditionReader } from './edition-port.js';
import { markAbandonedUncertain } from './outbox.js';
import { planDeliveries, type PlanSummary } from './plan.js';
import { ComposeProgress } from './compose-progress.js';
import { sendDue, type SendSummary } from './send.js';
import { runTrialNotices, type TrialNoticesSummary } from './trial-reminders.js';

export interface PassSummary {
  now: string;
  uncertain: number;
  planned: PlanSummary;
  compose: ComposeSummary;
  send: SendSummary;
  /** Card-free trials ended, and their reminders (docs/decisions/008). */
  trials: TrialNoticesSummary;
  durationMs: number;
}

export type PassProgress = { phase: 'plan' | 'compose' | 'send'; done: number; detail?: string };

/**
 * One delivery pass as if the time were `now`: mark abandoned sends uncertain, create the rows that are
 * due, compose their digests, send what is due; then end the card-free trials whose time has come and send
 * their reminders (trial-reminders.ts). Composing and sending overlap: sending starts with the
 * first composed batch and waits for the next one until composing is done (docs/decisions/306). Safe to
 * run again, or in two processes at once.
 */
export async function runDeliveryPass(
  deps: DeliveryDeps,
  now: Date,
  options: { shouldStop?: () => boolean; onProgress?: (p: PassProgress) => void } = {},
): Promise<PassSummary> {
  const started = performance.now();
  const passDeps = { ...deps, editions: new MemoizedEditionReader(deps.editions) };
  // Leases are judged on the real clock, not on `now` (which may be a --now in the past or the future).
  const uncertain = await markAbandonedUncertain(deps.orm.em.fork(), deps.clock.now());
  if (uncertain) deps.logger.warn({ uncertain }, 'deliveries left in sending by a stopped process are now uncertain');
  const planned = await planDeliveries(passDeps, now);
  options.onProgress?.({ phase: 'plan', done: planned.daily + planned.weekly + planned.breaking });
  const progress = new ComposeProgress();
  const composing = composeDigests(
    passDeps,
    now,
    (done) => {
      progress.batch();
      options.onProgress?.({ phase: 'compose', done });
    },
    options.shouldStop,
  ).finally(() => progress.finish());
  const sending = sendDue(passDeps, now, {
    shouldStop: options.shouldStop,
    composing: progress,
    onProgress: (s) =>
      options.onProgress?.({ phase: 'send', done: s.sent, detail: `${s.retrying} retrying, ${s.failed} failed, ${s.cancelled} cancelled` }),
  });
  // Both run to their end before the pass reports, or fails with the first error.
  const [composed, sent] = await Promise.allSettled([composing, sending]);
  if (composed.status === 'rejected') throw composed.reason;
  if (sent.status === 'rejected') throw sent.reason;
  const compose = composed.value;
  const send = sent.value;
  const trials = await runTrialNotices(passDeps, now);
  return { now: now.toISOString(), uncertain, planned, compose, send, trials, durationMs: Math.round(performance.now() - started) };
}
