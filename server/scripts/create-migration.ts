/**
 * Writes a migration with the difference between the entities and the schema the committed migrations build.
 * Usage: npm run migration:create -w server [-- --dialect postgresql --url postgres://...]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { initORM, migrate } from '../src/db/orm.js';

const { values } = parseArgs({ options: { dialect: { type: 'string', default: 'sqlite' }, url: { type: 'string' } } });
const dialect = values.dialect === 'postgresql' ? 'postgresql' : 'sqlite';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-migration-'));
const database =
  dialect === 'sqlite'
    ? ({ kind: 'sqlite', file: path.join(tmp, 'schema.sqlite') } as const)
    : ({ kind: 'postgresql', url: values.url ?? 'postgresql://localhost/dcbrief_migrations' } as const);
const orm = await initORM({ database });
try {
  await migrate(orm);
  const result = await orm.getMigrator().createMigration(path.resolve(import.meta.dirname, '../src/db/migrations', dialect));
  console.log(result.fileName ? `wrote ${result.fileName}\n${result.diff.up.join('\n')}` : 'no changes');
} finally {
  await orm.close();
  rmSync(tmp, { recursive: true, force: true });
}
