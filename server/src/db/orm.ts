import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type { EntitySchema, MikroORM, Options } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import type { IMigrator } from '@mikro-orm/core';
import { bindParameters } from './bound-parameters.js';
import { type Dialect, migrationNames, migrationsFor } from './migrations/index.js';

export type Orm = MikroORM;

/** Where the data lives: the embedded default (a SQLite file) or a PostgreSQL server. */
export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgresql'; url: string };

export interface InitOrmOptions {
  database: DatabaseConfig;
  /** The entities to map: the app composes its list (server/src/database.ts). */
  entities: EntitySchema<any, any>[];
  /** Tables owned by libraries, not entities, that schema comparisons leave alone. */
  libraryTables?: string[];
  debug?: boolean;
  /** Extra MikroORM options, e.g. a pool size. Schema sync is never offered here: migrations only. */
  overrides?: Partial<Options>;
}

/** Opens the ORM for SQLite (the embedded default) or PostgreSQL, with the committed migrations of that dialect. */
export async function initORM({ database, entities, libraryTables = [], debug = false, overrides = {} }: InitOrmOptions): Promise<Orm> {
  const common = {
    entities,
    debug,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ...overrides,
    // A failed statement's error names the statement with its placeholders, not the values (decision 501).
    driverOptions: { compileSqlOnError: false, ...(overrides.driverOptions as object | undefined) },
  };
  if (database.kind === 'sqlite') {
    // Owner-only: the database holds every subscriber's email address (SQLite's -wal and -shm files take its mode).
    mkdirSync(path.dirname(database.file), { recursive: true, mode: 0o700 });
    closeSync(openSync(database.file, 'a', 0o600));
    const { MikroORM } = await import('@mikro-orm/sqlite');
    const orm = await MikroORM.init({
      ...common,
      dbName: database.file,
      migrations: migrationOptions('sqlite'),
      pool: { afterCreate: sqlitePragmas },
    } as Parameters<typeof MikroORM.init>[0]);
    bindParameters(orm.em.getConnection() as AbstractSqlConnection, (date) => date.getTime());
    return orm;
  }
  const { MikroORM } = await import('@mikro-orm/postgresql');
  const orm = await MikroORM.init({
    ...common,
    clientUrl: database.url,
    migrations: migrationOptions('postgresql'),
    // pg-boss keeps its own schema.
    schemaGenerator: { skipTables: libraryTables, ignoreSchema: ['pgboss'] },
  } as Parameters<typeof MikroORM.init>[0]);
  const platform = orm.em.getPlatform() as unknown as { formatDate(date: Date): string };
  bindParameters(orm.em.getConnection() as AbstractSqlConnection, (date) => platform.formatDate(date));
  return orm;
}

function migrationOptions(dialect: Dialect) {
  return {
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
function sqlitePragmas(
  conn: { run: (sql: string, cb: (err: Error | null) => void) => void },
  done: (err: Error | null, conn: unknown) => void,
) {
  conn.run('PRAGMA journal_mode = WAL', (err) => {
    if (err) return done(err, conn);
    conn.run('PRAGMA foreign_keys = ON', (err2) => {
      if (err2) return done(err2, conn);
      conn.run('PRAGMA busy_timeout = 5000', (err3) => done(err3, conn));
    });
  });
}

/** Any fixed number: the advisory lock that lets one server at a time run the migrations. */
const MIGRATION_LOCK_KEY = 470_531_001;

/**
 * Runs the pending migrations. On PostgreSQL, servers that boot together would each start the same
 * migrations and all but one fail, so they queue on an advisory lock: the first migrates, the others then
 * find nothing pending. The lock lives on its own connection and ends with it, even if this process dies.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const url = orm.config.get('clientUrl');
  if (orm.config.get('driver')?.name !== 'PostgreSqlDriver' || !url) return runMigrations(orm);
  const { default: pg } = await import('pg');
  const lock = new pg.Client({ connectionString: url, application_name: 'dcbrief-migrate' });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await runMigrations(orm);
  } finally {
    await lock.end();
  }
}

async function runMigrations(orm: Orm): Promise<string[]> {
  if (!(await anyPending(orm))) return [];
  const done = await (await migrator(orm)).up();
  return done.map((m) => m.name);
}

const MIGRATOR = '@mikro-orm/migrator';

function dialectOf(orm: Orm): Dialect {
  return orm.config.get('driver')?.name === 'PostgreSqlDriver' ? 'postgresql' : 'sqlite';
}

/**
 * The ORM's migrator with the committed migrations of its dialect. `@mikro-orm/migrations` (umzug, and through it
 * a CLI toolkit: about 3 MB of heap and 30 modules of migrations) is imported on the first call, not with the
 * ORM: a process whose database is up to date never needs it (decision 528).
 */
export async function migrator(orm: Orm): Promise<IMigrator> {
  if (!orm.config.getExtension(MIGRATOR)) {
    const [{ Migrator }, migrationsList] = await Promise.all([import('@mikro-orm/migrations'), migrationsFor(dialectOf(orm))]);
    orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
    Migrator.register(orm);
  }
  return orm.config.getExtension<IMigrator>(MIGRATOR)!;
}

/**
 * Whether a committed migration is not in the migrations table yet (or the table is missing): what the migrator's
 * `up()` would run, read without loading it. Names are compared without an extension, as the migrator stores them.
 */
async function anyPending(orm: Orm): Promise<boolean> {
  const table = orm.config.get('migrations').tableName ?? 'mikro_orm_migrations';
  let rows: Array<{ name: string }>;
  try {
    rows = await orm.em.getConnection().execute<Array<{ name: string }>>(`select name from ${table}`);
  } catch {
    return true;
  }
  const done = new Set(rows.map((row) => path.parse(row.name).name));
  return migrationNames(dialectOf(orm)).some((name) => !done.has(name));
}
