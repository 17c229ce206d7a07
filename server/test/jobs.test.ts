import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/database.js';
import { migrate } from '../src/db/orm.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { createEngine } from '../src/engine/engine.js';
import { localJobs, pgBossJobs, type PeriodicJobs } from '../src/jobs/periodic-jobs.js';
import { startServerJobs } from '../src/jobs/server-jobs.js';
import { createLogger } from '../src/lib/logger.js';
import type { Mailer } from '../src/mail/mailer.js';
import { AccountMail } from '../src/modules/account-mail/account-mail.entity.js';
import { AccountMailQueue } from '../src/modules/account-mail/account-mail.queue.js';
import { renderWaitlistJoined, WAITLIST_JOINED_MAIL } from '../src/modules/waitlist/waitlist.service.js';
import { addSubscribers } from './delivery/fixtures.js';
import { until as waitFor } from './support/deadline.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { skipWithoutPostgres, startTempPostgres, type TempPostgres } from './support/postgres.js';
import { startSource } from './support/run-cli.js';
import { startSmtpSink } from './support/smtp-sink.js';
import { recipient } from './support/users.js';
import { GatedMailer } from './support/gated-mailer.js';

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

describe('periodic jobs on one machine: stopping', () => {
  test('stop tells a running job to end at its next boundary, and waits for it', async () => {
    const jobs = localJobs(logger);
    let steps = 0;
    let ended = false;
    await jobs.every('long', {
      intervalSec: 60,
      timeoutSec: 60,
      run: async (stopping) => {
        while (!stopping()) {
          steps++;
          await new Promise((r) => setTimeout(r, 5));
        }
        ended = true;
      },
    });
    await waitFor(() => steps > 3, 'the job to be running');
    await jobs.stop();
    assert.equal(ended, true, 'stop resolved once the run had ended');
  });
});

describe("the server's periodic work: one mechanism (startServerJobs, as main.ts runs it)", () => {
  const NOW = '2026-11-24T06:05:00Z';
  /** A test server whose scheduled work is started on local timers, with the ingest and audio preparation off. */
  async function serverWithJobs(env: Record<string, string>, mailer?: (ts: TestServer) => Mailer) {
    const ts = await startTestServer({ now: NOW, env: { INGEST_INTERVAL_MINUTES: '0', AUDIO_PREPARE: 'off', ...env } });
    const used = mailer?.(ts) ?? ts.mailer;
    const jobs = localJobs(logger);
    const start = () =>
      startServerJobs(jobs, {
        orm: ts.orm,
        mailer: used,
        clock: ts.clock,
        logger,
        accountMail: ts.accountMail,
        engine: createEngine(ts.orm, ts.config.engine, { logger, clock: ts.clock }),
        config: ts.config,
      });
    return { ts, start };
  }

  test('account emails owed before the start are sent at once: a job of every server', async () => {
    const { ts, start } = await serverWithJobs({ DELIVERY_SCHEDULER: 'off' });
    try {
      ts.accountMail.register(WAITLIST_JOINED_MAIL, renderWaitlistJoined);
      const em = ts.orm.em.fork();
      ts.accountMail.enqueue(em, WAITLIST_JOINED_MAIL, 'owed@x.example');
      await em.flush();
      const work = await start();
      await waitFor(async () => (await ts.orm.em.fork().count(AccountMail, { state: 'sent' })) === 1, 'the owed email to be sent');
      await work.stop();
      assert.deepEqual((await ts.mailFolder()).map(recipient), ['owed@x.example']);
    } finally {
      await ts.close();
    }
  });

  test('DELIVERY_SCHEDULER=off: the server runs no delivery pass; on: a pass at the start, and one every DELIVERY_INTERVAL_SECONDS', async () => {
    const off = await serverWithJobs({ DELIVERY_SCHEDULER: 'off' });
    try {
      await addSubscribers(off.ts.orm, [{ email: 'due@x.example', preferences: { weeklySummary: false } }]);
      const work = await off.start();
      await new Promise((r) => setTimeout(r, 300));
      await work.stop();
      assert.equal(await off.ts.orm.em.fork().count(Delivery, {}), 0, 'nothing planned, nothing sent');
    } finally {
      await off.ts.close();
    }

    const on = await serverWithJobs({ DELIVERY_SCHEDULER: 'on' });
    try {
      on.ts.config.delivery.intervalSec = 0.2;
      await addSubscribers(on.ts.orm, [{ email: 'first@x.example', preferences: { weeklySummary: false } }]);
      const work = await on.start();
      const sentTo = async (email: string) => (await on.ts.orm.em.fork().count(Delivery, { user: { email }, state: 'sent' })) === 1;
      await waitFor(() => sentTo('first@x.example'), "the start's pass to send the due digest");
      // A subscriber who joins later is picked up by a later pass of the same job.
      await addSubscribers(on.ts.orm, [{ email: 'later@x.example', preferences: { weeklySummary: false } }]);
      await waitFor(() => sentTo('later@x.example'), 'a later pass to send it');
      await work.stop();
      assert.deepEqual((await on.ts.mailFolder()).map(recipient).sort(), ['first@x.example', 'later@x.example']);
    } finally {
      await on.ts.close();
    }
  });

  test('stopping waits for the delivery pass under way: the emails in flight are recorded, nothing more is claimed', async () => {
    let gated!: GatedMailer;
    const { ts, start } = await serverWithJobs(
      { DELIVERY_SCHEDULER: 'on', DELIVERY_CONCURRENCY: '2' },
      (t) => (gated = new GatedMailer(t.mailer)),
    );
    try {
      await addSubscribers(
        ts.orm,
        Array.from({ length: 6 }, (_, i) => ({ email: `s${i}@x.example`, preferences: { weeklySummary: false } })),
      );
      const work = await start();
      await waitFor(() => gated.waiting === 2, 'two emails in flight');
      let stopped = false;
      const stopping = work.stop().then(() => (stopped = true));
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(stopped, false, 'stop waits for the emails in flight');
      gated.release();
      await stopping;
      const rows = await ts.orm.em.fork().find(Delivery, {});
      assert.equal(rows.filter((r) => r.state === 'sent').length, 2, 'the two in flight were sent and recorded');
      assert.equal(rows.filter((r) => r.state === 'sending').length, 0, 'nothing left claimed');
      assert.equal(rows.filter((r) => r.state === 'pending').length, 4, 'the rest waits for the next pass');
    } finally {
      await ts.close();
    }
  });
});

describe('main.ts', () => {
  test('an account email owed before the start is sent at boot; SIGTERM stops the server cleanly', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-main-'));
    const sink = await startSmtpSink();
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: sink.url,
      INGEST_INTERVAL_MINUTES: '0',
      AUDIO_PREPARE: 'off',
      DELIVERY_SCHEDULER: 'off',
      LOG_LEVEL: 'info',
    };
    const orm = await openDatabase(loadConfig(env).database);
    try {
      await migrate(orm);
      const em = orm.em.fork();
      new AccountMailQueue({ em: orm.em, mailer: null as unknown as Mailer, clock: { now: () => new Date() }, logger }).enqueue(
        em,
        WAITLIST_JOINED_MAIL,
        'boot@x.example',
      );
      await em.flush();
      const server = startSource('main.ts', [], env);
      await waitFor(
        () => sink.messages.some((m) => recipient(m) === 'boot@x.example'),
        () => `the owed email at the SMTP server; the server wrote:\n${server.output().stdout}${server.output().stderr}`,
      );
      await waitFor(() => server.output().stdout.includes('DC Brief is running'), 'the server to listen');
      server.child.kill('SIGTERM');
      const ended = await server.done;
      assert.equal(ended.status, 0, ended.stderr);
      assert.match(ended.stdout, /shutting down/);
      assert.equal(sink.messages.filter((m) => recipient(m) === 'boot@x.example').length, 1);
    } finally {
      await orm.close();
      await sink.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
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

  test("a job of every server runs on each server's own timer, not through the queue", async () => {
    const runs = [0, 0];
    const [a, b] = [await server(), await server()];
    await a.every('each', { scope: 'every-server', intervalSec: 3600, timeoutSec: 60, run: async () => void runs[0]!++ });
    await b.every('each', { scope: 'every-server', intervalSec: 3600, timeoutSec: 60, run: async () => void runs[1]!++ });
    await until(() => runs[0] === 1 && runs[1] === 1, 'each server to run it once');
    assert.deepEqual(await queued('each'), {}, 'nothing queued for it');
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
