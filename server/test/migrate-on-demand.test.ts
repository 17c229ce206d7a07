import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DatabaseConfig } from '../src/db/orm.js';
import { migrate, migrator } from '../src/db/orm.js';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { openDatabase } from '../src/database.js';
import { freshPostgresDatabase, skipWithoutPostgres, startTempPostgres, type TempPostgres } from './support/postgres.js';

const MIGRATOR = '@mikro-orm/migrator';

/**
 * `migrate` loads the migrator (umzug and its CLI toolkit, and the migration classes) only when a migration is
 * pending (decision 528): a database that lacks the last migration gets that one, and one that has them all gets
 * none, without the migrator.
 */
async function migratesOnDemand(database: DatabaseConfig, dialect: keyof typeof MIGRATIONS): Promise<void> {
  const names = MIGRATIONS[dialect];
  const first = await openDatabase(database);
  try {
    assert.equal(first.config.getExtension(MIGRATOR), undefined, 'opening the database does not load the migrator');
    // A database one migration behind: all but the last applied.
    await (await migrator(first)).up({ to: names.at(-2)! });
  } finally {
    await first.close();
  }
  const second = await openDatabase(database);
  try {
    assert.deepEqual(await migrate(second), [names.at(-1)], 'only the missing migration runs');
    assert.ok(second.config.getExtension(MIGRATOR), 'a pending migration loads the migrator');
  } finally {
    await second.close();
  }
  const third = await openDatabase(database);
  try {
    assert.deepEqual(await migrate(third), [], 'nothing pending');
    assert.equal(third.config.getExtension(MIGRATOR), undefined, 'an up-to-date database does not load the migrator');
  } finally {
    await third.close();
  }
}

describe('migrations run on demand', () => {
  test('SQLite', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-migrate-'));
    try {
      await migratesOnDemand({ kind: 'sqlite', file: path.join(dir, 'db.sqlite') }, 'sqlite');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('PostgreSQL', { skip: skipWithoutPostgres() }, () => {
    let server: TempPostgres;
    before(async () => {
      server = (await startTempPostgres())!;
    });
    after(() => server?.stop());
    test('PostgreSQL', async () => {
      const db = await freshPostgresDatabase(server.url);
      try {
        await migratesOnDemand({ kind: 'postgresql', url: db.url }, 'postgresql');
      } finally {
        await db.stop();
      }
    });
  });
});
