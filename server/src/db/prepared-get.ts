import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';

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
 * once per pooled connection and without the query builder: the builder, the raw-query path and a fresh
 * statement per call cost more than the read itself (bench/api.ts). `sql` uses `?` placeholders; values are
 * always bound, never pasted into the text. Rows come back as the driver gives them (see raw-values.ts).
 */
export function preparedGet(em: EntityManager, name: string, sql: string): (params: unknown[]) => Promise<Row | undefined> {
  const client = (em.getConnection() as AbstractSqlConnection).getKnex().client as unknown as KnexClient;
  const run = client.dialect === 'postgresql' ? postgresGet(name, sql) : sqliteGet(sql);
  return async (params) => {
    const connection = await client.acquireConnection();
    try {
      return await run(connection, params);
    } finally {
      await client.releaseConnection(connection);
    }
  };
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
