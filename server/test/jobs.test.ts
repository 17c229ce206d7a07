import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createLogger } from '../src/lib/logger.js';
import { localJobs, pgBossJobs, type PeriodicJobs } from '../src/jobs/periodic-jobs.js';
import { skipWithoutPostgres, startTempPostgres, type TempPostgres } from './support/postgres.js';

const logger = createLogger('silent');

async function until(condition: () => boolean | Promise<boolean>, what: string, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('periodic jobs on one machine', () => {
  test('a run at registration, never two of one job at once, stop waits for the running one', async () => {
    const jobs = localJobs(logger);
    let runs = 0;
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    await jobs.every('j', { intervalSec: 0.01, timeoutSec: 60, run: async () => void (runs++, await blocked) });
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(runs, 1, 'the ticks that came while the run was going did not start another');
    const stopped = jobs.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(done, false, 'stop waits for the running job');
    release();
    await stopped;
    assert.equal(runs, 1);
  });
});

describe('periodic jobs shared by several servers (pg-boss on PostgreSQL)', { skip: skipWithoutPostgres() }, () => {
  let pgServer: TempPostgres;
  let db: pg.Client;
  const servers: PeriodicJobs[] = [];
  const server = async () => {
    const jobs = await pgBossJobs({ connectionString: pgServer.url, logger, offerEverySec: 1, pollingIntervalSec: 0.5 });
    servers.push(jobs);
    return jobs;
  };
  const queued = async (name: string) =>
    (
      await db.query<{ state: string; n: string }>('select state, count(*) as n from pgboss.job where name = $1 group by state', [name])
    ).rows.reduce<Record<string, number>>((acc, row) => ({ ...acc, [row.state]: Number(row.n) }), {});

  before(async () => {
    pgServer = (await startTempPostgres())!;
    db = new pg.Client({ connectionString: pgServer.url });
    await db.connect();
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.end();
    await pgServer?.stop();
  });

  test('three servers offering the hourly job: one job for the hour, run once by one of them', async () => {
    let runs = 0;
    const job = { intervalSec: 3600, timeoutSec: 600, run: async () => void runs++ };
    const [a, b, c] = [await server(), await server(), await server()];
    await Promise.all([a.every('hourly', job), b.every('hourly', job), c.every('hourly', job)]);
    await until(async () => (await queued('hourly')).completed === 1, 'the hour’s job completes');
    // Every server offers again (a restart, a timer): the hour's slot is taken, so nothing new is queued.
    const late = await server();
    await late.every('hourly', job);
    assert.deepEqual(await queued('hourly'), { completed: 1 });
    assert.equal(runs, 1);
  });

  test('a run that outlasts its interval: the next waits, never two at once across servers', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const firstBlocked = new Promise<void>((r) => (release = r));
    const job = {
      intervalSec: 1,
      timeoutSec: 600,
      run: async () => {
        running++;
        most = Math.max(most, running);
        runs++;
        if (runs === 1) await firstBlocked;
        running--;
      },
    };
    const [a, b] = [await server(), await server()];
    await Promise.all([a.every('busy', job), b.every('busy', job)]);
    // While the first run is held, later intervals' offers queue one job, not one per interval or server.
    await until(async () => runs === 1 && (await queued('busy')).created === 1, 'a second job waits behind the running one');
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(await queued('busy'), { active: 1, created: 1 });
    release();
    await until(() => runs >= 2, 'the waiting job runs once the first is done');
    assert.equal(most, 1, 'never two runs at once');
  });
});
