import type { Configuration, Transaction } from '@mikro-orm/core';
import { Utils } from '@mikro-orm/core';
import type { AbstractSqlConnection, Knex } from '@mikro-orm/knex';

/**
 * MikroORM 6 pastes every parameter into the statement text (`platform.formatQuery`) and sends the result
 * without parameters. Values then reach the SQL tokenizer: SQLite stops reading at a NUL character (a 500 for
 * `{"firstName":"a\u0000b"}`), and a driver error carries the whole statement with the person's email and name.
 * These drivers send the statement with `?` placeholders and its values as bind parameters instead, converted
 * the way `formatQuery` converts them (dates, JSON objects). A statement with a value that has no bindable form
 * (an array to expand, a raw SQL fragment) keeps MikroORM's own path; the ORM makes those, never a request.
 * Decision 501.
 */
type Execute = AbstractSqlConnection['execute'];
type DateFormat = (date: Date) => string | number;

const NOT_BINDABLE = Symbol('not bindable');

function bindable(value: unknown, formatDate: DateFormat): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return formatDate(value);
  if (Buffer.isBuffer(value)) return value;
  if (Utils.isRawSql(value) || Array.isArray(value)) return NOT_BINDABLE;
  if (Utils.isPlainObject(value)) return JSON.stringify(value);
  return NOT_BINDABLE;
}

/** Replaces `connection.execute` with one that binds its parameters (see above). */
export function bindParameters(connection: AbstractSqlConnection, formatDate: DateFormat): void {
  const inline = connection.execute.bind(connection) as Execute;
  const internals = connection as unknown as {
    config: Configuration;
    ensureConnection(): Promise<void>;
    executeQuery<T>(query: string, cb: () => Promise<T>, context?: Record<string, unknown>): Promise<T>;
    transformRawResult<T>(res: unknown, method: 'all' | 'get' | 'run'): T;
  };
  const bound = async function execute(
    queryOrKnex: string | Knex.QueryBuilder | Knex.Raw,
    params: readonly unknown[] = [],
    method: 'all' | 'get' | 'run' = 'all',
    ctx?: Transaction,
    loggerContext?: Record<string, unknown>,
  ) {
    let sql: string;
    let values = params;
    if (typeof queryOrKnex === 'string') sql = queryOrKnex;
    else {
      ctx ??= ((queryOrKnex as unknown as { client: { transacting?: boolean } }).client.transacting ? queryOrKnex : undefined) as
        Transaction | undefined;
      const compiled = queryOrKnex.toSQL();
      sql = compiled.sql;
      values = compiled.bindings ?? [];
    }
    const bindings = values.map((v) => bindable(v, formatDate));
    if (bindings.includes(NOT_BINDABLE)) return inline(sql, values as unknown[], method, ctx, loggerContext);
    await internals.ensureConnection();
    sql = internals.config.get('onQuery')(sql, values as unknown[]);
    // The query log names the statement, never its values.
    return internals.executeQuery(
      sql,
      async () => {
        const query = bindings.length ? connection.getKnex().raw(sql, bindings as Knex.RawBinding[]) : connection.getKnex().raw(sql);
        if (ctx) query.transacting(ctx as Knex.Transaction);
        return internals.transformRawResult(await query, method);
      },
      { query: sql, ...loggerContext },
    );
  };
  connection.execute = bound as Execute;
}
