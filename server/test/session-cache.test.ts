import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { userSchema } from '@dcbrief/shared';
import { json, TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { skipWithoutPostgres, startTempPostgres, type TempPostgres } from './support/postgres.js';
import { runCli } from './support/run-cli.js';
import { signIn } from './support/users.js';
import { migrate, migrator } from '../src/db/orm.js';
import { NotifyListener } from '../src/db/notify-listener.js';
import { openDatabase } from '../src/database.js';
import { SESSION_CACHE_APPLICATION, SessionCache, sessionCacheFor } from '../src/modules/sessions/session-cache.js';
import { sessionReader, type SessionRead } from '../src/modules/sessions/session-read.js';
import { User } from '../src/modules/users/user.entity.js';
import { accountEntity } from '../src/modules/users/current-user.js';

/**
 * PostgreSQL's session cache (modules/sessions/session-cache.ts, decision 525): two servers over one database, as
 * in production behind a load balancer. A change made elsewhere reaches the other server by notification, so
 * those tests poll briefly for it; nothing asserts how long anything took.
 */
describe('session cache on PostgreSQL', { skip: skipWithoutPostgres() }, () => {
  let pgServer: TempPostgres;
  let a: TestServer;
  let b: TestServer;
  let db: pg.Client;
  const env = () => ({ DATABASE_URL: pgServer.url, SESSION_SECRET: 'session-cache-test-secret-0123456789abcdef' });
  const cacheOf = (ts: TestServer): SessionCache<SessionRead> => sessionCacheFor<SessionRead>(ts.orm.em);

  /** Polls `check` until it holds (a notification arrives in milliseconds; a reconnect's back-off is at most 10 s). */
  async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 30_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!(await check())) {
      if (Date.now() > deadline) assert.fail(`gave up waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The same browser (its cookies) talking to another server. */
  function on(ts: TestServer, client: TestClient): TestClient {
    const other = new TestClient(ts.url);
    other.restore(client.snapshot());
    return other;
  }

  /** Reads the user until `ts` answers it from its cache (notifications of the sign-in's own writes may come late). */
  async function cached(ts: TestServer, client: TestClient): Promise<void> {
    const cache = cacheOf(ts);
    await until(() => cache.isListening, 'the listener is up');
    await until(async () => {
      const hits = cache.stats.hits;
      assert.equal((await client.get('/api/auth/user')).status, 200);
      return cache.stats.hits > hits;
    }, 'the session is answered from the cache');
  }

  const firstName = async (client: TestClient) => (await json(await client.get('/api/auth/user'), userSchema)).firstName;

  before(async () => {
    pgServer = (await startTempPostgres())!;
    a = await startTestServer({ env: env() });
    b = await startTestServer({ env: env() });
    db = new pg.Client({ connectionString: pgServer.url });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await a?.close();
    await b?.close();
    await pgServer?.stop();
  });

  test('signed out on server A: server B refuses the session', async () => {
    const onA = await signIn(a, 'out@example.com');
    const onB = on(b, onA);
    await cached(b, onB);
    assert.equal((await onA.get('/api/logout')).status, 302);
    await until(async () => (await onB.get('/api/auth/user')).status === 401, 'B refuses the signed-out session');
    assert.equal((await onB.get('/api/auth/user')).status, 401);
  });

  test('"sign out of all devices" on A ends every session of the account on B', async () => {
    const phone = await signIn(a, 'devices@example.com');
    const laptop = await signIn(a, 'devices@example.com');
    const [phoneOnB, laptopOnB] = [on(b, phone), on(b, laptop)];
    await cached(b, phoneOnB);
    await cached(b, laptopOnB);
    assert.equal((await phone.post('/api/logout/everywhere', {})).status, 200);
    for (const client of [phoneOnB, laptopOnB]) {
      await until(async () => (await client.get('/api/auth/user')).status === 401, 'B refuses every session of the account');
    }
  });

  test('raw SQL `update users` and an admin CLI deletion change what B answers next', async () => {
    const onB = on(b, await signIn(a, 'admin-target@example.com'));
    await cached(b, onB);
    const before = await firstName(onB);
    await db.query(`update users set first_name = 'Changed' where email = 'admin-target@example.com'`);
    await until(async () => (await firstName(onB)) === 'Changed', 'B answers the changed name');
    assert.notEqual(before, 'Changed');

    await cached(b, onB);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-cache-cli-'));
    try {
      const result = await runCli('admin.ts', ['delete-user', 'admin-target@example.com'], {
        ...process.env,
        ...env(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SMTP_URL: '',
      });
      assert.equal(result.status, 0, result.stderr);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await until(async () => (await onB.get('/api/auth/user')).status === 401, 'B refuses the deleted account');
  });

  test('a server sees its own writes at once: preferences saved, then read, with no notification to wait for', async () => {
    const onB = on(b, await signIn(a, 'own-writes@example.com'));
    await cached(b, onB);
    // With the notification triggers off, only the server's own hooks (statement, commit) can empty its cache.
    await db.query('alter table users disable trigger users_cache_notify');
    await db.query('alter table sessions disable trigger sessions_cache_notify');
    try {
      for (const deliveryTime of ['12:00', '06:00', '08:00', '12:00']) {
        await cached(b, onB);
        const saved = await onB.post('/api/user/preferences', { deliveryTime });
        assert.equal(saved.status, 200, await saved.clone().text());
        const read = await json(await onB.get('/api/auth/user'), userSchema);
        assert.equal(read.preferences.deliveryTime, deliveryTime);
      }
      // A transaction: its statement empties the cache, but a read before its commit still sees (and may keep) the
      // committed row; the commit empties the cache again.
      const { rows } = await db.query<{ id: string }>(
        `select s.id from sessions s join users u on u.id = s.user_id where u.email = 'own-writes@example.com'`,
      );
      const read = sessionReader(b.orm.em);
      const cache = cacheOf(b);
      const em = b.orm.em.fork();
      await em.begin();
      try {
        await em.nativeUpdate(User, { email: 'own-writes@example.com' }, { firstName: 'Committed' });
        await until(async () => {
          const hits = cache.stats.hits;
          assert.notEqual((await read(rows[0]!.id))?.userRow?.first_name, 'Committed');
          return cache.stats.hits > hits;
        }, 'a read during the transaction keeps the committed row');
        await em.commit();
      } catch (err) {
        await em.rollback();
        throw err;
      }
      assert.equal(await firstName(onB), 'Committed');
      // A statement outside any transaction (no commit to hook): the statement hook.
      await cached(b, onB);
      await b.orm.em.fork().nativeUpdate(User, { email: 'own-writes@example.com' }, { firstName: 'Native' });
      assert.equal(await firstName(onB), 'Native');
      await cached(b, onB);
      await b.orm.em.getConnection().execute(`update users set first_name = 'Raw' where email = 'own-writes@example.com'`);
      assert.equal(await firstName(onB), 'Raw');
      // Signing out on B itself.
      await cached(b, onB);
      const cookies = onB.snapshot();
      assert.equal((await onB.get('/api/logout')).status, 302);
      onB.restore(cookies);
      assert.equal((await onB.get('/api/auth/user')).status, 401);
    } finally {
      await db.query('alter table users enable trigger users_cache_notify');
      await db.query('alter table sessions enable trigger sessions_cache_notify');
    }
  });

  test('a cached read cannot be changed by a caller; the entity the app makes of it can, without changing the cache', async () => {
    const onB = on(b, await signIn(a, 'mutate@example.com'));
    await cached(b, onB);
    const { rows } = await db.query<{ id: string }>(
      `select s.id from sessions s join users u on u.id = s.user_id where u.email = 'mutate@example.com'`,
    );
    const sessionId = rows[0]!.id;
    const read = sessionReader(b.orm.em);
    const cache = cacheOf(b);
    await until(async () => {
      const hits = cache.stats.hits;
      await read(sessionId);
      return cache.stats.hits > hits;
    }, 'the read comes from the cache');
    const first = (await read(sessionId))!;
    const preferences = first.userRow!.preferences as { deliveryTime: string; interests: Record<string, boolean> };
    assert.equal(typeof preferences, 'object', 'PostgreSQL gives JSON as an object');
    // Shared by the requests that read it: frozen through and through.
    assert.throws(() => void (preferences.deliveryTime = '23:59'), TypeError);
    assert.throws(() => void (preferences.interests.mutated = true), TypeError);
    assert.throws(() => void (first.data.userId = 'someone-else'), TypeError);
    // The managed entity a route gets (findSessionUser's path) is made of a copy: it may change and stay unsaved.
    const entity = accountEntity(b.orm.em.fork(), (await read(sessionId))!.userRow!);
    (entity.preferences as { deliveryTime: string }).deliveryTime = '22:22';
    entity.preferences.interests = { ...entity.preferences.interests, security: !entity.preferences.interests.security };
    entity.firstName = 'Mutated';

    const hits = cache.stats.hits;
    const again = (await read(sessionId))!;
    assert.ok(cache.stats.hits > hits, 'still answered from the cache');
    const kept = again.userRow!.preferences as { deliveryTime: string; interests: Record<string, boolean> };
    assert.notEqual(kept.deliveryTime, '22:22');
    assert.equal(kept.interests.security, preferences.interests.security);
    assert.equal(again.data.userId, again.userRow!.id);
    assert.notEqual(again.userRow!.first_name, 'Mutated');
    const answered = await json(await onB.get('/api/auth/user'), userSchema);
    assert.equal(answered.preferences.deliveryTime, kept.deliveryTime);
    // A route that changes the account through its entity and saves it is seen at once (read-your-own-writes).
    const other = kept.deliveryTime === '12:00' ? '08:00' : '12:00';
    const saved = await onB.post('/api/user/preferences', { deliveryTime: other });
    assert.equal(saved.status, 200, await saved.clone().text());
    assert.equal((await json(await onB.get('/api/auth/user'), userSchema)).preferences.deliveryTime, other);
  });

  test('the listener killed: B reads the database until it listens again, and is never stale', async () => {
    const onB = on(b, await signIn(a, 'killed@example.com'));
    await cached(b, onB);
    const cache = cacheOf(b);
    const downs = cache.stats.downs;
    // Reconnecting finds a trigger off and is refused, so B stays without its listener while the test looks.
    await db.query('alter table users disable trigger users_cache_truncate');
    try {
      await db.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [SESSION_CACHE_APPLICATION]);
      await until(() => cache.stats.downs > downs, 'B notices its listener is gone');
      assert.equal(cache.isListening, false);
      for (const name of ['Down1', 'Down2', 'Down3']) {
        await db.query(`update users set first_name = $1 where email = 'killed@example.com'`, [name]);
        assert.equal(await firstName(onB), name, 'read from the database, not from a cache that heard nothing');
      }
      assert.equal(cache.isListening, false);
    } finally {
      await db.query('alter table users enable trigger users_cache_truncate');
    }
    await until(() => cache.isListening, 'B listens again');
    await cached(b, onB);
    await db.query(`update users set first_name = 'Back' where email = 'killed@example.com'`);
    await until(async () => (await firstName(onB)) === 'Back', 'B hears of changes again');
  });

  test('`truncate sessions` signs everyone out on every server', async () => {
    const onB = on(b, await signIn(a, 'truncate@example.com'));
    await cached(b, onB);
    await db.query('truncate sessions');
    await until(async () => (await onB.get('/api/auth/user')).status === 401, 'B refuses the truncated session');
  });

  test("the listener: hears others, not echoes (its own, checked often here, or another listener's), comes back after being killed, stays closed", async () => {
    const heard: string[] = [];
    const states: string[] = [];
    const listener = new NotifyListener(
      { url: pgServer.url, channel: 'dcb_listener_test', applicationName: 'dcbrief-listener-test', pingMs: 20, minDelayMs: 20 },
      { notify: (payload) => heard.push(payload), up: () => states.push('up'), down: () => states.push('down') },
    );
    listener.start();
    try {
      await until(() => states.includes('up'), 'the listener is up');
      // Long enough for several echoes: none of them is passed on.
      await db.query(`select pg_sleep(0.2)`);
      await db.query(`notify dcb_listener_test, 'echo:another listener checking itself'`);
      await db.query(`notify dcb_listener_test, 'from elsewhere'`);
      await until(() => heard.includes('from elsewhere'), 'the notification is heard');
      assert.deepEqual(heard, ['from elsewhere']);
      await db.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', ['dcbrief-listener-test']);
      await until(() => states.lastIndexOf('up') > states.indexOf('down') && states.indexOf('down') > 0, 'down, then up again');
      assert.deepEqual(states.slice(0, 2), ['up', 'down']);
    } finally {
      await listener.close();
    }
    assert.equal(states.at(-1), 'down');
    await until(
      async () => (await db.query(`select 1 from pg_stat_activity where application_name = 'dcbrief-listener-test'`)).rowCount === 0,
      'no connection left after close',
    );
  });

  test('the migration down removes the triggers and their function, and up puts them back', async () => {
    const orm = await openDatabase({ kind: 'postgresql', url: pgServer.url });
    const triggers = async () =>
      (await db.query(`select tgname from pg_trigger where tgname like '%cache%' and not tgisinternal order by tgname`)).rows.map(
        (r: { tgname: string }) => r.tgname,
      );
    try {
      assert.deepEqual(await triggers(), [
        'sessions_cache_notify',
        'sessions_cache_truncate',
        'users_cache_notify',
        'users_cache_truncate',
      ]);
      // Down to the migration that made the triggers (and whatever came after it, put back below).
      const reverted = await (await migrator(orm)).down({ to: 'Migration20261123170000' });
      assert.equal(reverted.at(-1)?.name, 'Migration20261123170000');
      assert.deepEqual(await triggers(), []);
      assert.equal((await db.query(`select 1 from pg_proc where proname = 'dcb_session_cache_notify'`)).rowCount, 0);
    } finally {
      await migrate(orm);
      await orm.close();
    }
    assert.equal((await triggers()).length, 4);
  });

  test('closing the ORM closes its listener', async () => {
    const listeners = async () =>
      Number(
        (
          await db.query<{ n: string }>('select count(*) as n from pg_stat_activity where application_name = $1', [
            SESSION_CACHE_APPLICATION,
          ])
        ).rows[0]!.n,
      );
    await until(() => cacheOf(a).isListening && cacheOf(b).isListening, 'A and B listen');
    const before = await listeners();
    const c = await startTestServer({ env: env() });
    try {
      await cached(c, await signIn(c, 'closing@example.com'));
      assert.equal(await listeners(), before + 1);
    } finally {
      await c.close();
    }
    await until(async () => (await listeners()) === before, 'the closed server has no listening connection left');
    assert.equal(cacheOf(c).isListening, false);
  });
});

describe('session cache: what it keeps and when it lets go', () => {
  const readOf = (userId: string, name = 'Ann'): SessionRead => ({
    data: { userId },
    expiresAt: '2100-01-01T00:00:00.000Z',
    userRow: { id: userId, first_name: name, preferences: { deliveryTime: '08:00' } },
  });
  const listening = (ttlMs?: number, maxEntries?: number) => {
    const cache = new SessionCache<SessionRead>(ttlMs, maxEntries);
    cache.setListening(true);
    return cache;
  };

  test('nothing is kept or answered unless the listener is up', () => {
    const cache = new SessionCache<SessionRead>();
    cache.store('s1', readOf('u1'), cache.startRead());
    assert.equal(cache.size, 0);
    cache.setListening(true);
    cache.store('s1', readOf('u1'), cache.startRead());
    assert.equal(cache.lookup('s1')?.userRow?.first_name, 'Ann');
    cache.setListening(false);
    assert.equal(cache.lookup('s1'), undefined);
    cache.setListening(true);
    assert.equal(cache.lookup('s1'), undefined, 'coming back up starts empty: notifications were missed meanwhile');
  });

  test('a read that started before a change does not store what it read', () => {
    const cache = listening();
    for (const change of [() => cache.notified('u:u9'), () => cache.wroteLocally(), () => cache.setListening(true)]) {
      const generation = cache.startRead();
      change();
      cache.store('s1', readOf('u1'), generation);
      assert.equal(cache.lookup('s1'), undefined);
    }
  });

  test('a notification removes its session, or every session of its user, or everything', () => {
    const cache = listening();
    const store = (id: string, userId: string) => cache.store(id, readOf(userId), cache.startRead());
    store('s1', 'u1');
    store('s2', 'u1');
    store('s3', 'u2');
    cache.notified('s:s3');
    assert.equal(cache.lookup('s3'), undefined);
    assert.ok(cache.lookup('s1'));
    cache.notified('u:u1');
    assert.equal(cache.lookup('s1'), undefined);
    assert.equal(cache.lookup('s2'), undefined);
    store('s3', 'u2');
    cache.notified('*');
    assert.equal(cache.size, 0);
  });

  test('sessions without an account are not kept; the oldest used goes first past the bound; a TTL of 0 keeps nothing', () => {
    const cache = listening(60_000, 2);
    cache.store('none', { data: {}, expiresAt: '2100-01-01T00:00:00.000Z', userRow: null }, cache.startRead());
    assert.equal(cache.size, 0);
    for (const id of ['s1', 's2']) cache.store(id, readOf(id), cache.startRead());
    cache.lookup('s1');
    cache.store('s3', readOf('s3'), cache.startRead());
    assert.deepEqual([cache.lookup('s1') && 's1', cache.lookup('s2'), cache.lookup('s3') && 's3'], ['s1', undefined, 's3']);
    const expired = listening(0);
    expired.store('s1', readOf('u1'), expired.startRead());
    assert.equal(expired.lookup('s1'), undefined);
  });

  test('what is stored is a copy; what is answered is frozen, the same for every reader', () => {
    const cache = listening();
    const read = readOf('u1');
    cache.store('s1', read, cache.startRead());
    (read.userRow!.preferences as { deliveryTime: string }).deliveryTime = 'changed after storing';
    const hit = cache.lookup('s1')!;
    assert.throws(() => void ((hit.userRow!.preferences as { deliveryTime: string }).deliveryTime = 'changed after reading'), TypeError);
    assert.equal(cache.lookup('s1'), hit);
    assert.deepEqual(cache.lookup('s1')!.userRow!.preferences, { deliveryTime: '08:00' });
  });
});
