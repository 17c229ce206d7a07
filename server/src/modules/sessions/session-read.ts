import type { EntityManager } from '@mikro-orm/core';
import type { Context } from 'koa';
import { preparedGet } from '../../db/prepared-get.js';
import { sessionCacheFor } from './session-cache.js';
import { isPostgreSql } from '../../db/dialect.js';

export type SessionData = Record<string, unknown> & { userId?: string };

/** A session row with the row of its account (null when signed out or the account is gone), read together. */
export interface SessionRead {
  data: SessionData;
  expiresAt: unknown;
  userRow: Record<string, unknown> | null;
}

/**
 * The session and its account's columns, named one by one from the account's mapping: a prepared statement
 * that said `u.*` would change its result type when a migration adds a column, which PostgreSQL refuses for
 * a statement prepared before it ("cached plan must not change result type").
 */
function sessionWithUserSql(em: EntityManager): string {
  const users = em.getMetadata().getAll();
  const meta = Object.values(users).find((m) => m.tableName === 'users');
  if (!meta) throw new Error('no entity is mapped to the users table');
  const columns = meta.props.flatMap((p) => p.fieldNames ?? []).map((c) => `u.${em.getPlatform().quoteIdentifier(c)}`);
  // Aliases that cannot collide with a users column.
  return (
    `select s.data as "_session_data", s.expires_at as "_session_expires_at", ${columns.join(', ')} ` +
    'from sessions s left join users u on u.id = s.user_id where s.id = ?'
  );
}

/**
 * Every signed-in request starts with its session and its account: one prepared statement reads both, so the
 * request pays one round trip and no query building (measured in bench/api.ts). On PostgreSQL a found session with
 * its account is kept in the session cache, which the database invalidates (session-cache.ts, decision 525).
 */
export function sessionReader(em: EntityManager): (id: string) => Promise<SessionRead | undefined> {
  const get = preparedGet(em, 'dcb_session_with_user', sessionWithUserSql(em));
  // A row the SQLite reader kept (frozen, unchanged since the database last changed: prepared-get.ts) is split once.
  const split = new WeakMap<object, SessionRead>();
  const read = async (id: string): Promise<SessionRead | undefined> => {
    const row = await get([id]);
    if (!row) return undefined;
    const known = split.get(row);
    if (known) return known;
    const { _session_data: data, _session_expires_at: expiresAt, ...userRow } = row;
    const result: SessionRead = {
      data: (typeof data === 'string' ? JSON.parse(data) : data) as SessionData,
      expiresAt,
      userRow: userRow.id == null ? null : userRow,
    };
    if (Object.isFrozen(row)) {
      // Shared by the requests that read it: koa-session copies `data` into the request's session.
      Object.freeze(result.data);
      if (result.userRow) Object.freeze(result.userRow);
      split.set(row, Object.freeze(result));
    }
    return result;
  };
  if (!isPostgreSql(em)) return read;
  return async (id) => {
    const cache = sessionCacheFor<SessionRead>(em);
    const cached = cache.lookup(id);
    if (cached) return cached;
    const generation = cache.startRead();
    const found = await read(id);
    if (found) cache.store(id, found, generation);
    return found;
  };
}

const ACCOUNT_ROW = Symbol('account row read with the session');

declare module 'koa' {
  interface DefaultState {
    [ACCOUNT_ROW]?: Readonly<Record<string, unknown>>;
  }
}

/** Keeps the account row read with the session for this request, for the user loader. */
export function keepSessionAccountRow(ctx: Context, row: Readonly<Record<string, unknown>>): void {
  ctx.state[ACCOUNT_ROW] = row;
}

/** The account row read with this request's session, if it belongs to `userId`. */
export function sessionAccountRow(ctx: Context, userId: string): Readonly<Record<string, unknown>> | undefined {
  const row = ctx.state[ACCOUNT_ROW];
  return row && row.id === userId ? row : undefined;
}

/** SQLite returns datetimes as epoch milliseconds, PostgreSQL as Date. */
export function toDate(value: unknown): Date {
  return value instanceof Date
    ? value
    : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number));
}
