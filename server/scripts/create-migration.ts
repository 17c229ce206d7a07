/**
 * Writes the next migration of each dialect: the difference between the entities and the schema that the
 * committed migrations build. SQLite runs on a temporary file; PostgreSQL on a throwaway local cluster
 * (Debian's postgresql package) or on --url. Append the new names to src/db/migrations/index.ts.
 *
 * Usage: npm run migration:create -w server [-- --dialect sqlite|postgresql|all] [--url postgres://...]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../src/config.js';
import { migrate, migrator } from '../src/db/orm.js';
import { openDatabase } from '../src/database.js';
import { startTempPostgres } from '../test/support/postgres.js';

const { values } = parseArgs({ options: { dialect: { type: 'string', default: 'all' }, url: { type: 'string' } } });
const dialects = values.dialect === 'all' ? (['sqlite', 'postgresql'] as const) : ([values.dialect as 'sqlite' | 'postgresql'] as const);

async function generate(dialect: 'sqlite' | 'postgresql', database: AppConfig['database']) {
  const orm = await openDatabase(database);
  try {
    await migrate(orm);
    const result = await (await migrator(orm)).createMigration(path.resolve(import.meta.dirname, '../src/db/migrations', dialect));
    console.log(result.fileName ? `${dialect}: wrote ${result.fileName}\n${result.diff.up.join('\n')}\n` : `${dialect}: no changes`);
  } finally {
    await orm.close();
  }
}

for (const dialect of dialects) {
  if (dialect === 'sqlite') {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-migration-'));
    try {
      await generate('sqlite', { kind: 'sqlite', file: path.join(tmp, 'schema.sqlite') });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    continue;
  }
  const pg = values.url ? { url: values.url, stop: async () => {} } : await startTempPostgres();
  if (!pg) {
    console.error('postgresql: skipped, no server (apt-get install postgresql, or pass --url)');
    process.exitCode = 1;
    continue;
  }
  try {
    await generate('postgresql', { kind: 'postgresql', url: pg.url });
  } finally {
    await pg.stop();
  }
}
