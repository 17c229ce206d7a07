import type { Engine } from '../engine/engine.js';
import { INGEST_JOB, INGEST_TIMEOUT_SEC, IngestBusyError } from '../engine/engine.js';
import type { IngestReport } from '../engine/ingest.service.js';
import type { Logger } from '../lib/logger.js';
import { localJobs, type PeriodicJobs } from './periodic-jobs.js';

export interface IngestScheduleOptions {
  /** INGEST_INTERVAL_MINUTES; 0 schedules nothing (ingestion is left to `npm run ingest` from cron). */
  intervalMinutes: number;
  /** Add the shipped catalog's new sources before each pass (default), keeping operator changes. */
  syncShippedCatalog?: boolean;
  onReport?: (report: IngestReport) => void;
  /** pg-boss when servers share PostgreSQL (one pass per interval for the deployment); timers here otherwise. */
  jobs?: PeriodicJobs;
  logger?: Logger;
}

/**
 * Runs the engine's ingest pass now and then every interval, one pass at a time; returns a stop function that
 * resolves once the pass this schedule started has ended. The engine owns the pass (and its lease across
 * processes); this file owns only when it runs.
 */
export function scheduleIngest(engine: Engine, options: IngestScheduleOptions): () => Promise<void> {
  if (options.intervalMinutes <= 0) return async () => {};
  const jobs = options.jobs ?? localJobs(options.logger);
  let current: Promise<void> | null = null;
  const pass = async () => {
    if (options.syncShippedCatalog !== false) await engine.syncCatalog();
    try {
      options.onReport?.(await engine.ingest());
    } catch (err) {
      // Another process (an operator's `npm run ingest`, another server) is ingesting: this turn is theirs.
      if (!(err instanceof IngestBusyError)) throw err;
      options.logger?.info({ holder: err.holder?.owner }, 'ingest skipped: another process is ingesting');
    }
  };
  const run = () => {
    current = pass().finally(() => {
      current = null;
    });
    return current;
  };
  const registered = jobs.every(INGEST_JOB, { intervalSec: options.intervalMinutes * 60, timeoutSec: INGEST_TIMEOUT_SEC, run });
  return async () => {
    await registered;
    // Jobs handed in belong to the caller, who stops them; the schedule only waits for its own pass.
    if (!options.jobs) await jobs.stop();
    await current?.catch(() => undefined);
  };
}
