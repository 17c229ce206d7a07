import type { Context, Next } from 'koa';
import type { User } from '../../modules/users/user.entity.js';
import { UsersService } from '../../modules/users/users.service.js';
import { unauthorized } from '../errors.js';

declare module 'koa' {
  interface DefaultState {
    user?: User;
    requestId?: string;
  }
}

/** Loads the signed-in user of the session, if any, into ctx.state.user. */
export function loadCurrentUser() {
  return async function currentUser(ctx: Context, next: Next) {
    const userId = ctx.session?.userId;
    if (typeof userId === 'string') {
      const user = await new UsersService(ctx.em).findById(userId);
      if (user) ctx.state.user = user;
      else ctx.session = null;
    }
    await next();
  };
}

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
