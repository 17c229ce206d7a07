import Router from '@koa/router';
import type { Context } from 'koa';
import { preferencesUpdateSchema } from '@dcbrief/shared';
import { currentUser, requireUser } from './current-user.js';
import { parseInput } from '../../http/validate.js';
import { toUserDto } from './user.dto.js';
import { UsersService } from './users.service.js';

export function usersRoutes(): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/auth/user', requireUser(), (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = toUserDto(currentUser(ctx));
  });
  router.post('/user/preferences', requireUser(), async (ctx: Context) => {
    const update = parseInput(preferencesUpdateSchema, ctx.request.body ?? {});
    const user = await new UsersService(ctx.em).updatePreferences(currentUser(ctx), update);
    ctx.body = toUserDto(user);
  });
  return router;
}
