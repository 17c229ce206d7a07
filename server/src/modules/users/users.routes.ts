import Router from '@koa/router';
import type { Context } from 'koa';
import { preferencesUpdateSchema } from '@dcbrief/shared';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser, sessionAccountFields } from './current-user.js';
import { endTrialIfOver, trialIsOver } from './trial.js';
import { parseInput } from '../../http/validate.js';
import { toUserDto } from './user.dto.js';
import { UsersService } from './users.service.js';

export function usersRoutes({ clock }: { clock: Clock }): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/auth/user', requireUser(), async (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    const now = clock.now();
    // The account as read with the session answers as it is, unless its trial has just ended.
    const fields = sessionAccountFields(ctx);
    if (fields && !trialIsOver(fields, now)) {
      ctx.body = toUserDto(fields);
      return;
    }
    const user = currentUser(ctx);
    // A trial ends at its hour, not at the next delivery pass: the home page says so from then on.
    await endTrialIfOver(ctx.em, user, now);
    ctx.body = toUserDto(user);
  });
  router.post('/user/preferences', requireUser(), async (ctx: Context) => {
    const update = parseInput(preferencesUpdateSchema, ctx.request.body ?? {});
    const user = await new UsersService(ctx.em).updatePreferences(currentUser(ctx), update);
    ctx.body = toUserDto(user);
  });
  return router;
}
