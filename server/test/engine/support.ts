import type { CatalogEntry } from '../../src/engine/sources/catalog.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/sqlite';
import { migrate } from '../../src/db/orm.js';
import { openDatabase } from '../../src/database.js';
import { loadEngineConfig, type EngineConfig } from '../../src/engine/engine.config.js';

/** A throwaway SQLite database with the server's and the engine's tables, built by the committed migrations as in production. */
export async function openTestOrm(): Promise<{ orm: MikroORM; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcbrief-engine-'));
  const orm = (await openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.sqlite') })) as MikroORM;
  await migrate(orm);
  return {
    orm,
    async close() {
      await orm.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The embedded defaults, with limits small enough that hostile fixtures fail fast. */
export function testEngineConfig(overrides: NodeJS.ProcessEnv = {}): EngineConfig {
  return loadEngineConfig({
    INGEST_TIMEOUT_MS: '1500',
    INGEST_MAX_BYTES: String(1024 * 1024),
    INGEST_MAX_REDIRECTS: '3',
    INGEST_INTERVAL_MINUTES: '0',
    ...overrides,
  });
}

/**
 * PostgreSQL refuses a string longer than its varchar(n); SQLite stores anything. These triggers make the
 * test database refuse what PostgreSQL would, for every length-limited string column of the engine's tables.
 */
export async function enforceColumnLengths(orm: MikroORM): Promise<void> {
  const conn = orm.em.getConnection();
  for (const meta of Object.values(orm.getMetadata().getAll())) {
    if (!meta.tableName?.startsWith('engine_')) continue;
    for (const prop of meta.props) {
      if (prop.type !== 'string' || typeof prop.length !== 'number') continue;
      const column = prop.fieldNames[0]!;
      for (const event of ['INSERT', `UPDATE OF ${column}`]) {
        const name = `len_${meta.tableName}_${column}_${event.startsWith('INSERT') ? 'i' : 'u'}`;
        await conn.execute(
          `CREATE TRIGGER ${name} BEFORE ${event} ON ${meta.tableName} WHEN length(NEW.${column}) > ${prop.length} ` +
            `BEGIN SELECT RAISE(ABORT, 'value too long for type character varying(${prop.length}): ${meta.tableName}.${column}'); END`,
        );
      }
    }
  }
}

/** A catalog entry for a feed the fixture server serves at `path`: an English news outlet (or podcast) in the US. */
export function fixtureEntry(base: string, id: string, path: string, kind: 'news' | 'podcast' = 'news'): CatalogEntry {
  return {
    id,
    name: `Outlet ${id}`,
    siteUrl: `${base}/`,
    feedUrl: `${base}${path}`,
    kind,
    language: 'en',
    country: 'US',
    categories: ['infrastructure'],
    weight: 1,
  };
}
