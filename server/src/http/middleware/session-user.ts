import type { Context, DefaultState, Next } from 'koa';

declare module 'koa' {
  interface DefaultState {
    requestId?: string;
  }
}

/**
 * Finds the account a session belongs to; null when it is gone (deleted), which ends the session. The account's
 * type is declared on `ctx.state.user` by the module that owns accounts.
 */
export type FindSessionUser = (ctx: Context, userId: string) => Promise<DefaultState['user'] | null>;

/**
 * Loads the signed-in user of the session, if any, into `ctx.state.user`. What a user is, and how to find one,
 * is the caller's (app.ts hands over the accounts module's lookup): this layer knows sessions, not accounts.
 */
export function loadSessionUser(findUser: FindSessionUser) {
  return async function sessionUser(ctx: Context, next: Next) {
    const userId = ctx.session?.userId;
    if (typeof userId === 'string') {
      const user = await findUser(ctx, userId);
      if (user) ctx.state.user = user;
      else ctx.session = null;
    }
    await next();
  };
}
