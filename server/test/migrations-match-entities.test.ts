import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DatabaseConfig, Orm } from '../src/db/orm.js';
import { migrate } from '../src/db/orm.js';
import { openDatabase } from '../src/database.js';
import { freshPostgresDatabase, skipWithoutPostgres, startTempPostgres, type TempPostgres } from './support/postgres.js';

/**
 * Production builds its schema with the committed migrations; the entities describe what the code reads and
 * writes. MikroORM's schema generator compares the two (library-owned tables skipped, as `openDatabase`
 * configures it): the SQL it would run to make the migrated database match the entities, '' when they agree.
 * A non-empty answer means a change to an entity without its migration (`npm run migration:create -w server`).
 */
async function schemaDrift(orm: Orm): Promise<string> {
  return (await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim();
}

async function withMigratedDatabase(database: DatabaseConfig, check: (orm: Orm) => Promise<void>): Promise<void> {
  const orm = await openDatabase(database);
  try {
    await migrate(orm);
    await check(orm);
  } finally {
    await orm.close();
  }
}

async function onSqlite(check: (orm: Orm) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-schema-'));
  try {
    await withMigratedDatabase({ kind: 'sqlite', file: path.join(dir, 'schema.sqlite') }, check);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function noDrift(orm: Orm) {
  const drift = await schemaDrift(orm);
  if (drift) assert.fail(`The entities differ from the schema the migrations build. SQL that would align the database:\n${drift}`);
}

/** The comparison is not vacuous: a missing index and a table no entity owns both show up in it. */
async function driftIsSeen(orm: Orm) {
  const conn = orm.em.getConnection();
  await conn.execute('drop index sessions_expires_at_index');
  await conn.execute('create table stray_table (id int)');
  const drift = await schemaDrift(orm);
  assert.match(drift, /sessions_expires_at_index/);
  assert.match(drift, /stray_table/);
}

describe('the committed migrations build exactly the schema the entities describe', () => {
  describe('SQLite', () => {
    test('no difference', () => onSqlite(noDrift));
    test('a difference is reported', () => onSqlite(driftIsSeen));
  });

  describe('PostgreSQL', { skip: skipWithoutPostgres() }, () => {
    let server: TempPostgres;
    before(async () => {
      server = (await startTempPostgres())!;
    });
    after(() => server?.stop());
    async function onPostgres(check: (orm: Orm) => Promise<void>): Promise<void> {
      const db = await freshPostgresDatabase(server.url);
      try {
        await withMigratedDatabase({ kind: 'postgresql', url: db.url }, check);
      } finally {
        await db.stop();
      }
    }
    test('no difference', () => onPostgres(noDrift));
    test('a difference is reported', () => onPostgres(driftIsSeen));
  });
});
