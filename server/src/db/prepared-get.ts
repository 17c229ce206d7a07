import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import Database from 'better-sqlite3';

type Row = Record<string, unknown>;

interface SqliteStatement {
  all(params: unknown[], cb: (err: Error | null, rows?: Row[]) => void): void;
  finalize(cb: () => void): void;
}
interface SqliteConnection {
  prepare(sql: string, cb: (err: Error | null) => void): SqliteStatement;
  close(cb: (err: Error | null) => void): void;
}
interface PgConnection {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}
interface KnexClient {
  dialect: string;
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * A one-row read on the hottest path (every signed-in request reads its session), run as a statement prepared
 * once per connection and without the query builder: the builder, the raw-query path and a fresh statement per
 * call cost more than the read itself (bench/api.ts). `sql` uses `?` placeholders; values are always bound,
 * never pasted into the text. Rows come back as the driver gives them (see raw-values.ts).
 *
 * On PostgreSQL the statement runs on a pooled connection. On SQLite it runs on a read-only connection of its
 * own through better-sqlite3, synchronously: no thread-pool hop, no pool acquire, and no wait behind the pool's
 * single connection while it writes (docs/decisions/522). In WAL mode it reads what the ORM's connection has
 * committed. It is opened on the first read (after the migrations) and closed before the ORM's connection.
 */
export function preparedGet(em: EntityManager, name: string, sql: string): (params: unknown[]) => Promise<Row | undefined> {
  const connection = em.getConnection() as AbstractSqlConnection;
  const client = connection.getKnex().client as unknown as KnexClient;
  const run = client.dialect === 'postgresql' ? postgresGet(name, sql) : sqliteGet(sql);
  const pooled = async (params: unknown[]) => {
    const conn = await client.acquireConnection();
    try {
      return await run(conn, params);
    } finally {
      await client.releaseConnection(conn);
    }
  };
  const file = em.config.get('dbName');
  if (client.dialect === 'postgresql' || !file || file === ':memory:') return pooled;
  return async (params) => {
    try {
      return readerGet(sqliteReader(connection, file), sql, params);
    } catch {
      // Another connection holding the database (SQLITE_BUSY: e.g. a checkpoint that must restart the log), or
      // a file this connection cannot open: the pooled connection waits without blocking the event loop, and
      // answers with the error if the statement itself is at fault.
      return pooled(params);
    }
  };
}

interface Reader {
  db: Database.Database;
  statements: Map<string, { statement: Database.Statement; rows: Map<unknown, Row> }>;
  /** `PRAGMA data_version`, and the value the kept rows were read at. */
  version: Database.Statement;
  seenVersion: unknown;
}

/** Rows kept per statement, the oldest dropped first: about a kilobyte each for the session read. */
export const KEPT_ROWS_PER_STATEMENT = 2_000;

/** Per ORM connection, its read-only SQLite connection: every app over the same ORM shares it. */
const sqliteReaders = new WeakMap<AbstractSqlConnection, Reader>();

function sqliteReader(connection: AbstractSqlConnection, file: string): Reader {
  let reader = sqliteReaders.get(connection);
  if (!reader) {
    // Read-only: this connection never writes, and cannot. Opening a database does not change its file's mode.
    const db = new Database(file, { readonly: true, fileMustExist: true });
    // Waits are short and rare in WAL mode; a longer one goes to the pooled connection rather than block here.
    db.pragma('busy_timeout = 20');
    const version = db.prepare('pragma data_version').pluck();
    const opened: Reader = (reader = { db, statements: new Map(), version, seenVersion: undefined });
    sqliteReaders.set(connection, opened);
    // Closed first, so the ORM's connection is the last one and checkpoints and removes the write-ahead log.
    const close = connection.close.bind(connection);
    connection.close = async (force?: boolean) => {
      connection.close = close;
      sqliteReaders.delete(connection);
      opened.db.close();
      return close(force);
    };
  }
  return reader;
}

/**
 * The statement's row, kept while the database has not changed: `PRAGMA data_version` changes when any other
 * connection commits (the ORM's, another process's), and this connection never writes, so a kept row is as
 * fresh as a new read, a server's own writes included (docs/decisions/526). Found rows of one-value keys are
 * kept; rows are shared between callers, frozen, and must not be changed.
 */
function readerGet(reader: Reader, sql: string, params: unknown[]): Row | undefined {
  const version = reader.version.get();
  if (version !== reader.seenVersion) {
    for (const entry of reader.statements.values()) entry.rows.clear();
    reader.seenVersion = version;
  }
  let entry = reader.statements.get(sql);
  if (!entry) reader.statements.set(sql, (entry = { statement: reader.db.prepare(sql), rows: new Map() }));
  const key = params.length === 1 ? params[0] : undefined;
  const kept = key === undefined ? undefined : entry.rows.get(key);
  if (kept) return kept;
  const row = entry.statement.get(...params) as Row | undefined;
  if (row && key !== undefined) {
    if (entry.rows.size >= KEPT_ROWS_PER_STATEMENT) entry.rows.delete(entry.rows.keys().next().value);
    entry.rows.set(key, Object.freeze(row));
  }
  return row;
}

function postgresGet(name: string, sql: string) {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  return async (connection: unknown, values: unknown[]) => {
    const result = await (connection as PgConnection).query({ name, text, values });
    return result.rows[0];
  };
}

/** Per connection, its prepared statements by text: every app over the same pool shares them. */
const sqliteStatements = new WeakMap<object, Map<string, SqliteStatement>>();

function sqliteGet(sql: string) {
  return (connection: unknown, params: unknown[]) => {
    const statement = sqliteStatement(connection as SqliteConnection, sql);
    // `all` steps to the end, so the statement holds no read transaction open between requests.
    return new Promise<Row | undefined>((resolve, reject) => {
      statement.all(params, (err, rows) => (err ? reject(err) : resolve(rows?.[0])));
    });
  };
}

function sqliteStatement(db: SqliteConnection, sql: string): SqliteStatement {
  let statements = sqliteStatements.get(db);
  if (!statements) {
    const byText = new Map<string, SqliteStatement>();
    sqliteStatements.set(db, (statements = byText));
    // SQLite refuses to close a database with unfinalized statements: finalize ours first when the pool closes it.
    const close = db.close.bind(db);
    db.close = (cb) => {
      const pending = [...byText.values()];
      byText.clear();
      let left = pending.length;
      if (!left) return close(cb);
      for (const statement of pending) statement.finalize(() => --left === 0 && close(cb));
    };
  }
  let statement = statements.get(sql);
  if (!statement) {
    const byText = statements;
    // A statement that fails to prepare answers its calls with the error; the next call prepares it again.
    statement = db.prepare(sql, (err) => err && byText.delete(sql));
    byText.set(sql, statement);
  }
  return statement;
}
