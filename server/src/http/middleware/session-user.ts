import type { Context, DefaultState, Next } from 'koa';

declare module 'koa' {
  interface DefaultState {
    requestId?: string;
  }
}

/**
 * Finds the account a session belongs to; null when it is gone (deleted), which ends the session. The account's
 * type is declared on `ctx.state.user` by the module that owns accounts. `{ known }` says the account exists and
 * how to build it from the request, which is then done only when a route reads `ctx.state.user`.
 */
export type FindSessionUser = (
  ctx: Context,
  userId: string,
) => Promise<DefaultState['user'] | null> | { known: (ctx: Context) => NonNullable<DefaultState['user']> };

const USER = Symbol('account');
const BUILD = Symbol('builds the account');
const REQUEST = Symbol('request');

interface LazyState {
  [USER]?: DefaultState['user'];
  [BUILD]: (ctx: Context) => NonNullable<DefaultState['user']>;
  [REQUEST]: Context;
}

/** `ctx.state.user` when the account came with the session: built on first read. One descriptor for every request. */
const lazyUser: PropertyDescriptor = {
  configurable: true,
  enumerable: true,
  get(this: LazyState) {
    return (this[USER] ??= this[BUILD](this[REQUEST]));
  },
  set(this: LazyState, value: DefaultState['user']) {
    this[USER] = value;
  },
};

/** Whether the request is signed in, without building its account (which `ctx.state.user` does when lazy). */
export function isSignedIn(ctx: Context): boolean {
  return BUILD in ctx.state || !!ctx.state.user;
}

/**
 * Loads the signed-in user of the session, if any, into `ctx.state.user`. What a user is, and how to find one,
 * is the caller's (app.ts hands over the accounts module's lookup): this layer knows sessions, not accounts.
 */
export function loadSessionUser(findUser: FindSessionUser) {
  const lookUp = async (ctx: Context, found: Promise<DefaultState['user'] | null>, next: Next) => {
    const user = await found;
    if (user) ctx.state.user = user;
    else ctx.session = null;
    return next();
  };
  // Not async: a signed-out request, or one whose account came with its session, adds no promise of its own.
  return function sessionUser(ctx: Context, next: Next) {
    const userId = ctx.session?.userId;
    if (typeof userId !== 'string') return next();
    const found = findUser(ctx, userId);
    if (!('known' in found)) return lookUp(ctx, found, next);
    // The account is known to exist (read with the session): it is built when a route first asks for it.
    const state = ctx.state as unknown as LazyState;
    state[BUILD] = found.known;
    state[REQUEST] = ctx;
    Object.defineProperty(ctx.state, 'user', lazyUser);
    return next();
  };
}
