import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { followListSchema, followSchema } from '@dcbrief/shared';
import { parseInput } from '../../http/validate.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../users/current-user.js';
import { FollowsService } from './follows.service.js';

const entityIdSchema = z.string().trim().min(1, 'Name an entity.').max(80, 'No such entity.');

/** GET /api/follows, PUT and DELETE /api/follows/:entityId: signed in; writes pass the app's same-origin check. */
export function followsRoutes({ clock }: { clock: Clock }): Router {
  const router = new Router({ prefix: '/api/follows' });
  router.use(requireUser());
  router.get('/', async (ctx: Context) => {
    ctx.body = followListSchema.parse(await new FollowsService(ctx.em, clock).list(currentUser(ctx).id));
  });
  router.put('/:entityId', async (ctx: Context) => {
    const entityId = parseInput(entityIdSchema, ctx.params.entityId);
    const { follow, created } = await new FollowsService(ctx.em, clock).follow(currentUser(ctx).id, entityId);
    ctx.status = created ? 201 : 200;
    ctx.body = followSchema.parse(follow);
  });
  router.delete('/:entityId', async (ctx: Context) => {
    const entityId = parseInput(entityIdSchema, ctx.params.entityId);
    await new FollowsService(ctx.em, clock).unfollow(currentUser(ctx).id, entityId);
    ctx.status = 204;
  });
  return router;
}
