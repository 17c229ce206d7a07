import type { AbstractSqlConnection } from '@mikro-orm/knex';

/**
 * Tells when this process may have changed rows of some tables through the ORM: after a statement that is not a
 * plain `select` and names one of the tables completes (or fails), and after every transaction commit (a commit
 * makes the transaction's earlier statements visible, whatever they were). Both are hooked on the ORM's
 * connection, which every ORM statement and transaction goes through: `execute` (entity manager, query builder,
 * native writes, raw SQL, migrations) and `commit` (`em.flush`, `em.transactional`, `em.commit`). knex's own
 * `query-response` event does not fire for `COMMIT`, which knex's transaction sends itself.
 *
 * The tests are deliberately coarse: a statement is matched by the tables' names as words anywhere in its text,
 * so an unneeded notice is possible (harmless to a cache: it only empties it), a missed one is not for SQL that
 * goes through the ORM. Writes that bypass the ORM's connection (a separate pg client, another process) are not
 * seen here; a cache learns of those from the database (docs/decisions/525).
 */
export type LocalWriteListener = () => void;

interface Watch {
  tables: RegExp;
  listener: LocalWriteListener;
}

const watched = new WeakMap<AbstractSqlConnection, Set<Watch>>();

/** Calls `listener` after each local write that may touch `tables` and after each commit; returns the unwatch. */
export function watchLocalWrites(connection: AbstractSqlConnection, tables: readonly string[], listener: LocalWriteListener): () => void {
  const watch: Watch = { tables: new RegExp(`\\b(?:${tables.map(escape).join('|')})\\b`, 'i'), listener };
  watchesOf(connection).add(watch);
  return () => void watched.get(connection)?.delete(watch);
}

function escape(word: string) {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function watchesOf(connection: AbstractSqlConnection): Set<Watch> {
  let watches = watched.get(connection);
  if (watches) return watches;
  const all = (watches = new Set<Watch>());
  watched.set(connection, all);
  // Installed once per connection, over whatever `execute` is now (bound-parameters.ts's, installed at init).
  const execute = connection.execute.bind(connection) as (...args: unknown[]) => Promise<unknown>;
  const commit = connection.commit.bind(connection) as (...args: unknown[]) => Promise<void>;
  // null: a commit, or a statement whose text is unknown.
  const notify = (sql: string | null) => {
    for (const watch of [...all]) {
      if (sql === null || (!PLAIN_SELECT.test(sql) && watch.tables.test(sql))) watch.listener();
    }
  };
  connection.execute = async function executeWatched(...args: unknown[]) {
    if (!all.size) return execute(...args);
    const sql = statementText(args[0]);
    try {
      return await execute(...args);
    } finally {
      notify(sql);
    }
  } as AbstractSqlConnection['execute'];
  connection.commit = async function commitWatched(...args: unknown[]) {
    try {
      return await commit(...args);
    } finally {
      if (all.size) notify(null);
    }
  } as AbstractSqlConnection['commit'];
  return all;
}

/** A statement that only reads: `select` first (a CTE, `with ...`, may hide a write, so it does not count). */
const PLAIN_SELECT = /^\s*select\b/i;

/** The statement's text; null when it cannot be told (then every watcher is told, so nothing is missed). */
function statementText(query: unknown): string | null {
  if (typeof query === 'string') return query;
  const compiled = (query as { toSQL?: () => { sql?: string } | Array<{ sql?: string }> }).toSQL?.();
  if (Array.isArray(compiled)) return compiled.map((c) => c.sql ?? '').join(';');
  return compiled?.sql ?? null;
}
