import type { Context, Next } from 'koa';
import { unauthorized } from '../../http/errors.js';
import type { User } from './user.entity.js';
import { UsersService } from './users.service.js';

declare module 'koa' {
  interface DefaultState {
    /** The signed-in account, loaded from the session by `loadSessionUser(findSessionUser)` (app.ts). */
    user?: User;
  }
}

/** The session's account, for http/'s session loader. */
export const findSessionUser = (ctx: Context, userId: string): Promise<User | null> => new UsersService(ctx.em).findById(userId);

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
