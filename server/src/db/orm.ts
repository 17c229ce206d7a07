import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { MikroORM, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { AppConfig } from '../config.js';
import { entities } from './entities.js';
import { migrationsFor } from './migrations/index.js';

export type Orm = MikroORM;

export interface InitOrmOptions {
  database: AppConfig['database'];
  debug?: boolean;
  /** Extra MikroORM options, e.g. a pool size. Schema sync is never offered here: migrations only. */
  overrides?: Partial<Options>;
}

/** Opens the ORM for SQLite (the embedded default) or PostgreSQL, with the committed migrations of that dialect. */
export async function initORM({ database, debug = false, overrides = {} }: InitOrmOptions): Promise<Orm> {
  const common = {
    entities,
    extensions: [Migrator],
    debug,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ...overrides,
  };
  if (database.kind === 'sqlite') {
    mkdirSync(path.dirname(database.file), { recursive: true });
    const { MikroORM } = await import('@mikro-orm/sqlite');
    return MikroORM.init({
      ...common,
      dbName: database.file,
      migrations: migrationOptions('sqlite'),
      pool: { afterCreate: sqlitePragmas },
    } as Parameters<typeof MikroORM.init>[0]);
  }
  const { MikroORM } = await import('@mikro-orm/postgresql');
  return MikroORM.init({
    ...common,
    clientUrl: database.url,
    migrations: migrationOptions('postgresql'),
  } as Parameters<typeof MikroORM.init>[0]);
}

function migrationOptions(dialect: 'sqlite' | 'postgresql') {
  return {
    migrationsList: migrationsFor(dialect),
    tableName: 'mikro_orm_migrations',
    transactional: true,
    allOrNothing: true,
    // main.ts logs what was applied; the migrator's own lines would mix into CLI output.
    silent: true,
    snapshot: false,
    emit: 'ts' as const,
    path: path.resolve(import.meta.dirname ?? '.', 'migrations', dialect),
  };
}

/** WAL lets readers run while the scheduler writes; foreign keys are off by default in SQLite. */
function sqlitePragmas(conn: { run: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) {
  conn.run('PRAGMA journal_mode = WAL', (err) => {
    if (err) return done(err, conn);
    conn.run('PRAGMA foreign_keys = ON', (err2) => {
      if (err2) return done(err2, conn);
      conn.run('PRAGMA busy_timeout = 5000', (err3) => done(err3, conn));
    });
  });
}

export async function migrate(orm: Orm): Promise<string[]> {
  const done = await orm.getMigrator().up();
  return done.map((m) => m.name);
}
