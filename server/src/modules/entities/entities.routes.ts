import Router from '@koa/router';
import type { Context } from 'koa';
import { ENTITY_ID_MAX, entityActiveQuerySchema, entitySearchQuerySchema } from '@dcbrief/shared';
import { badRequest } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { Clock } from '../../lib/clock.js';
import { FollowsService } from '../follows/follows.service.js';
import { currentUser, requireUser } from '../users/current-user.js';
import { EntitiesService } from './entities.service.js';

/** The entity pages' data (issue 26 items 2 and 6), for signed-in subscribers: search, the week's most active, one entity. */
export function entitiesRoutes({ clock }: { clock: Clock }): Router {
  const router = new Router({ prefix: '/api/entities' });
  router.use(requireUser());
  router.get('/', async (ctx: Context) => {
    const { q, kind } = parseInput(entitySearchQuerySchema, { q: '', ...ctx.query });
    ctx.body = await new EntitiesService(ctx.em, clock).search(q, kind);
  });
  // Before '/:id', which would take "active" for an id.
  router.get('/active', async (ctx: Context) => {
    const { kind } = parseInput(entityActiveQuerySchema, { ...ctx.query });
    ctx.body = await new EntitiesService(ctx.em, clock).active(kind);
  });
  router.get('/:id', async (ctx: Context) => {
    const id = ctx.params.id ?? '';
    if (!id || id.length > ENTITY_ID_MAX) throw badRequest(`An entity id is 1 to ${ENTITY_ID_MAX} characters.`);
    const user = currentUser(ctx);
    const follows = new FollowsService(ctx.em, clock);
    ctx.body = await new EntitiesService(ctx.em, clock).detail(id, (entityId) => follows.isFollowing(user.id, entityId));
  });
  return router;
}
