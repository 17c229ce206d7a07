import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { userSchema } from '@dcbrief/shared';
import { json, TestClient } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { skipWithoutPostgres, startTempPostgres, type TempPostgres } from './support/postgres.js';
import { signIn } from './support/users.js';
import { preparedGet } from '../src/db/prepared-get.js';
import { migrate } from '../src/db/orm.js';
import { openDatabase } from '../src/database.js';
import { User } from '../src/modules/users/user.entity.js';
import { toUserDto } from '../src/modules/users/user.dto.js';

/** The signed-in path reads the session and its account in one prepared statement (db/prepared-get.ts). */
function sessionReadBehaviour(start: () => Promise<TestServer>) {
  let ts: TestServer;
  before(async () => {
    ts = await start();
  });
  after(() => ts?.close());

  test('the account read with the session is the request user: answered, changed and saved', async () => {
    const client = await signIn(ts, 'reader@example.com');
    const user = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(user.email, 'reader@example.com');
    const patch = await client.post('/api/user/preferences', { timezone: 'Europe/Berlin' });
    assert.equal(patch.status, 200, await patch.clone().text());
    const again = await json(await client.get('/api/auth/user'), userSchema);
    assert.equal(again.timezone, 'Europe/Berlin');
    assert.equal(again.id, user.id);
  });

  test('the answer built from the row read with the session is the one the entity gives, every field set', async () => {
    const client = await signIn(ts, 'fields@example.com');
    const em = ts.orm.em.fork();
    const entity = await em.findOneOrFail(User, { email: 'fields@example.com' });
    const at = (iso: string) => new Date(iso);
    Object.assign(entity, {
      firstName: 'Zoë',
      lastName: "O'Brien",
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      timezone: 'Asia/Kolkata',
      trialEndsAt: at('2030-01-02T03:04:05.000Z'),
      nextChargeAt: at('2030-02-03T04:05:06.000Z'),
      cancelsAt: at('2030-03-04T05:06:07.000Z'),
      preferences: { ...entity.preferences, deliveryTime: '12:00', interests: { ...entity.preferences.interests, security: false } },
    });
    await em.flush();
    const answered = await json(await client.get('/api/auth/user'), userSchema);
    const expected = toUserDto(await ts.orm.em.fork().findOneOrFail(User, { email: 'fields@example.com' }));
    assert.deepEqual(answered, expected);
    assert.equal(answered.cancelsAt, '2030-03-04T05:06:07.000Z');
    assert.equal(answered.preferences.deliveryTime, '12:00');
  });

  test('a session whose account is gone is signed out', async () => {
    const client = await signIn(ts, 'gone@example.com');
    assert.equal((await client.get('/api/auth/user')).status, 200);
    await ts.orm.em.fork().nativeDelete(User, { email: 'gone@example.com' });
    assert.equal((await client.get('/api/auth/user')).status, 401);
    assert.equal((await new TestClient(ts.url).get('/api/auth/user')).status, 401);
  });

  test('a column added to users under a running server (another server migrated) does not break the prepared read', async () => {
    const client = await signIn(ts, 'migrated@example.com');
    assert.equal((await client.get('/api/auth/user')).status, 200);
    await ts.orm.em.getConnection().execute('alter table users add column added_later text');
    const after = await client.get('/api/auth/user');
    assert.equal(after.status, 200, await after.clone().text());
  });

  test('values are bound: a session id with quotes finds nothing', async () => {
    const get = preparedGet(ts.orm.em, 'test_session_probe', 'select id from sessions where id = ?');
    assert.equal(await get(["x' or '1'='1"]), undefined);
  });
}

describe('session read on SQLite', () => sessionReadBehaviour(() => startTestServer()));

describe('session read on PostgreSQL', { skip: skipWithoutPostgres() }, () => {
  let pg: TempPostgres;
  sessionReadBehaviour(async () => {
    pg = (await startTempPostgres())!;
    return startTestServer({ env: { DATABASE_URL: pg.url } });
  });
  after(() => pg?.stop());
});

test('SQLite closes cleanly after prepared reads: the statements are finalized first', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-prepared-'));
  try {
    const orm = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'db.sqlite') });
    await migrate(orm);
    const get = preparedGet(orm.em, 'test_count', 'select count(*) as n from users where email <> ?');
    assert.equal(Number((await get(['nobody']))?.n), 0);
    assert.equal(Number((await get(['nobody']))?.n), 0);
    await orm.close(true);
    // The last connection to close checkpoints and removes the write-ahead log; one left open keeps it.
    assert.equal(existsSync(path.join(dir, 'db.sqlite-wal')), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SQLite: a kept row is answered while the database is unchanged, and never after any connection commits', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-kept-'));
  try {
    const file = path.join(dir, 'db.sqlite');
    const orm = await openDatabase({ kind: 'sqlite', file });
    await migrate(orm);
    // Another process over the same file (the admin CLI, a second server): a connection of its own.
    const other = await openDatabase({ kind: 'sqlite', file });
    try {
      await orm.em.getConnection().execute('create table probe (id text primary key, first_name text)');
      await orm.em.getConnection().execute("insert into probe (id, first_name) values ('u1', 'Ann')");
      const get = preparedGet(orm.em, 'test_kept', 'select first_name from probe where id = ?');
      const first = await get(['u1']);
      assert.equal(first?.first_name, 'Ann');
      assert.equal(await get(['u1']), first, 'unchanged database: the kept row');
      assert.ok(Object.isFrozen(first), 'shared between callers, so frozen');

      await other.em.getConnection().execute("update probe set first_name = 'Bea' where id = 'u1'");
      assert.equal((await get(['u1']))?.first_name, 'Bea', "another connection's commit is seen at once");

      await orm.em.getConnection().execute("update probe set first_name = 'Cy' where id = 'u1'");
      assert.equal((await get(['u1']))?.first_name, 'Cy', "this server's own write is seen at once");

      await other.em.getConnection().execute("delete from probe where id = 'u1'");
      assert.equal(await get(['u1']), undefined, 'a deleted row is not answered from memory');
    } finally {
      await other.close(true);
      await orm.close(true);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SQLite: signing out from another process over the same file ends the session on the running server', async () => {
  const ts = await startTestServer();
  try {
    const client = await signIn(ts, 'elsewhere@example.com');
    assert.equal((await client.get('/api/auth/user')).status, 200);
    assert.equal((await client.get('/api/auth/user')).status, 200);
    const other = await openDatabase({ kind: 'sqlite', file: ts.config.database.kind === 'sqlite' ? ts.config.database.file : '' });
    try {
      await other.em.getConnection().execute("update users set first_name = 'Renamed' where email = 'elsewhere@example.com'");
      assert.equal((await json(await client.get('/api/auth/user'), userSchema)).firstName, 'Renamed');
      await other.em.getConnection().execute('delete from sessions');
    } finally {
      await other.close(true);
    }
    assert.equal((await client.get('/api/auth/user')).status, 401);
  } finally {
    await ts.close();
  }
});
