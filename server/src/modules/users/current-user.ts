import type { Context, Next } from 'koa';
import { unauthorized } from '../../http/errors.js';
import { sessionAccountRow } from '../sessions/session-read.js';
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
 * made a managed entity of the request (so routes can change and flush it), or a lookup when there is none.
 */
export const findSessionUser = async (ctx: Context, userId: string): Promise<User | null> => {
  const row = sessionAccountRow(ctx, userId);
  return row ? ctx.em.map(User, row) : new UsersService(ctx.em).findById(userId);
};

/** Route guard: 401 `{"message":"Unauthorized"}` when signed out. */
export function requireUser() {
  return async function signedIn(ctx: Context, next: Next) {
    if (!ctx.state.user) throw unauthorized();
    await next();
  };
}

export function currentUser(ctx: Context): User {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}
