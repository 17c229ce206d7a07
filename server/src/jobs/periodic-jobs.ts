import PgBoss from 'pg-boss';
import type { Logger } from '../lib/logger.js';

export interface PeriodicJob {
  /** About how often the job runs. */
  intervalSec: number;
  /** A run still going after this long is presumed dead (its server crashed) and the next one may start. */
  timeoutSec: number;
  /**
   * `deployment` (the default): once per interval for the whole deployment, like the ingest and housekeeping.
   * `every-server`: on each server's own timer, for work that claims its rows in the database one by one
   * (delivery passes, account emails, audio preparation), so several servers share it (decision 012).
   */
  scope?: 'deployment' | 'every-server';
  /** `stopping()` turns true once the server shuts down: a long run ends at its next boundary. */
  run(stopping: () => boolean): Promise<void>;
}

/**
 * All the server's periodic work, started and stopped in one place (decision 012). One machine runs it on
 * timers in the process; several machines sharing PostgreSQL go through pg-boss for the deployment's jobs, so
 * exactly one of them runs each interval's job, and never two at once (decision 010); a job of every server
 * runs on that server's timers either way.
 */
export interface PeriodicJobs {
  readonly kind: 'local' | 'pg-boss';
  /** Registers a job and starts its first run right away (or, with pg-boss, as soon as any server is free). */
  every(name: string, job: PeriodicJob): Promise<void>;
  /** No new runs, and the running ones are told to stop (`stopping()`); resolves when they have finished. */
  stop(): Promise<void>;
}

/** Timers in this process, one run of a job at a time: the embedded default (SQLite, one machine), and each server's own jobs under pg-boss. */
export function localJobs(logger?: Logger): PeriodicJobs {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  return {
    kind: 'local',
    async every(name, job) {
      const tick = () => {
        if (stopped || running.has(name)) return;
        const run = job
          .run(() => stopped)
          .catch((err) => logger?.error({ err, job: name }, 'periodic job failed'))
          .finally(() => running.delete(name));
        running.set(name, run);
      };
      const timer = setInterval(tick, job.intervalSec * 1000);
      timer.unref();
      timers.push(timer);
      tick();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}

export interface PgBossJobsOptions {
  connectionString: string;
  logger: Logger;
  /** How often each server offers the current interval's job to the queue (the queue keeps one per interval). */
  offerEverySec?: number;
  /** How often an idle server asks the queue for work. */
  pollingIntervalSec?: number;
}

/**
 * pg-boss on the application's PostgreSQL database (its own `pgboss` schema, which it creates and migrates
 * itself). Every server offers each job once per interval slot with `singletonSeconds`, so the queue holds
 * one job per slot however many servers offer it; the queue's `stately` policy allows one job waiting and
 * one running, never two running. Any server's worker takes it.
 */
export async function pgBossJobs({
  connectionString,
  logger,
  offerEverySec = 30,
  pollingIntervalSec = 2,
}: PgBossJobsOptions): Promise<PeriodicJobs> {
  // Completed jobs stay in the queue table for a week: the one-per-interval slot of a daily job must still
  // see today's run (pg-boss archives them after 12 hours by default).
  const boss = new PgBoss({
    connectionString,
    application_name: 'dcbrief-jobs',
    max: 4,
    schedule: false,
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  const timers: NodeJS.Timeout[] = [];
  const onThisServer = localJobs(logger);
  let stopped = false;
  return {
    kind: 'pg-boss',
    async every(name, job) {
      if (job.scope === 'every-server') return onThisServer.every(name, job);
      await ensureQueue(boss, { name, policy: 'stately', retryLimit: 0, expireInSeconds: job.timeoutSec });
      const offer = async () => {
        if (stopped) return;
        await boss
          .send(name, {}, { singletonSeconds: job.intervalSec, retryLimit: 0, expireInSeconds: job.timeoutSec })
          .catch((err) => logger.warn({ err, job: name }, 'could not offer a periodic job'));
      };
      await boss.work(name, { pollingIntervalSeconds: pollingIntervalSec, batchSize: 1 }, async () => {
        try {
          await job.run(() => stopped);
        } catch (err) {
          logger.error({ err, job: name }, 'periodic job failed');
          throw err;
        }
      });
      const timer = setInterval(() => void offer(), Math.min(offerEverySec, job.intervalSec) * 1000);
      timer.unref();
      timers.push(timer);
      await offer();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      // Graceful: the running jobs finish (the server's own shutdown deadline still applies).
      await Promise.all([onThisServer.stop(), boss.stop({ graceful: true, wait: true, timeout: 8_000 })]);
    },
  };
}

/**
 * Creates the queue unless it exists. Servers booting together race to create it, and PostgreSQL breaks
 * the race with a deadlock error for all but one: the others look again and find the winner's queue.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue.name)) return;
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** pg-boss where the deployment shares PostgreSQL, timers in the process otherwise. */
export function createPeriodicJobs(
  database: { kind: 'sqlite' } | { kind: 'postgresql'; url: string },
  logger: Logger,
): Promise<PeriodicJobs> {
  return database.kind === 'postgresql' ? pgBossJobs({ connectionString: database.url, logger }) : Promise.resolve(localJobs(logger));
}
