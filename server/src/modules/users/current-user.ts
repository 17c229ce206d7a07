import type { EntityManager, EntityMetadata } from '@mikro-orm/core';
import type { Context, Next } from 'koa';
import { unauthorized } from '../../http/errors.js';
import { isSignedIn } from '../../http/middleware/session-user.js';
import { deepFreeze } from '../../lib/deep-freeze.js';
import { sessionAccountRow, toDate } from '../sessions/session-read.js';
import { User } from './user.entity.js';
import { UsersService } from './users.service.js';

declare module 'koa' {
  interface DefaultState {
    /** The signed-in account, loaded from the session by `loadSessionUser(findSessionUser)` (app.ts). */
    user?: User;
  }
}

/**
 * The session's account, for http/'s session loader: the row the session store read along with the session,
 * made a managed entity of the request (so routes can change and flush it) when a route first reads
 * `ctx.state.user`, or a lookup when there is no row.
 */
export const findSessionUser = (ctx: Context, userId: string): Promise<User | null> | typeof KNOWN => {
  const row = sessionAccountRow(ctx, userId);
  return row ? KNOWN : new UsersService(ctx.em).findById(userId);
};

/** The session's account from the row read with it (one object for every request: nothing is made per request). */
const KNOWN = {
  known(ctx: Context): User {
    const userId = ctx.session?.userId;
    const row = typeof userId === 'string' ? sessionAccountRow(ctx, userId) : undefined;
    if (!row) throw new Error('the account row read with the session is gone');
    return accountEntity(ctx.em, row);
  },
};

/**
 * A managed entity of the request made from the account row read with the session. The row may be shared between
 * requests (frozen: kept by the SQLite reader or the PostgreSQL session cache), so the entity is made from a copy:
 * a route may change the account (its JSON preferences too) and flush it.
 */
export function accountEntity(em: EntityManager, row: Readonly<Record<string, unknown>>): User {
  return em.map(User, Object.isFrozen(row) ? structuredClone(row) : row);
}

/** An account's fields as plain values, not an entity of the request: for answers that only read them. */
export type AccountFields = Readonly<User>;

/**
 * The signed-in account as it was read with the session, converted from its row as the entity's mapping says
 * (datetimes, JSON) but not made an entity: a read-only answer (GET /api/auth/user) needs no unit of work, and
 * building one cost more than the database read (bench/api.ts). Undefined when there is no such row.
 */
export function sessionAccountFields(ctx: Context): AccountFields | undefined {
  const userId = ctx.session?.userId;
  const row = typeof userId === 'string' ? sessionAccountRow(ctx, userId) : undefined;
  if (!row) return undefined;
  const kept = convertedRows.get(row);
  if (kept) return kept;
  const convert = rowConverter(ctx.em);
  const fields = convert ? convert(row) : undefined;
  // A row kept by the session reader (frozen: unchanged since the database last changed) is converted once.
  if (fields && Object.isFrozen(row)) convertedRows.set(row, deepFreeze(fields));
  return fields;
}

const convertedRows = new WeakMap<object, AccountFields>();

type Convert = (row: Record<string, unknown>) => AccountFields;
let converter: { meta: EntityMetadata<User>; convert: Convert | null } | null = null;

/** How the mapping's columns become fields; null when a property has a type this does not know (then: em.map). */
function rowConverter(em: EntityManager): Convert | null {
  const meta = em.getMetadata().get<User>(User.name);
  if (converter?.meta === meta) return converter.convert;
  const props = meta.props.map((p) => ({
    name: p.name as string,
    field: p.fieldNames[0]!,
    kind:
      p.runtimeType === 'Date'
        ? 'date'
        : String(p.type).toLowerCase() === 'jsontype'
          ? 'json'
          : p.customType
            ? null
            : p.runtimeType === 'boolean'
              ? 'boolean' // SQLite stores 0 and 1
              : 'plain',
  }));
  const convert: Convert | null = props.some((p) => p.kind === null)
    ? null
    : (row) => {
        const fields: Record<string, unknown> = {};
        for (const { name, field, kind } of props) {
          const value = row[field];
          fields[name] =
            value == null
              ? null
              : kind === 'date'
                ? toDate(value)
                : kind === 'json' && typeof value === 'string'
                  ? JSON.parse(value)
                  : kind === 'boolean'
                    ? Boolean(value)
                    : value;
        }
        return fields as AccountFields;
      };
  converter = { meta, convert };
  return convert;
}

/** Route guard: 401 `{"message":"Unauthorized"}` when signed out. */
export function requireUser() {
  return function signedIn(ctx: Context, next: Next) {
    if (!isSignedIn(ctx)) throw unauthorized();
    return next();
  };
}

export function currentUser(ctx: Context): User {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}
