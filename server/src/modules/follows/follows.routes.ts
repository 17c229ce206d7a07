import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  followAlertSettingsSchema,
  followAlertSettingsUpdateSchema,
  followListSchema,
  followSchema,
  followSuggestionListSchema,
} from '@dcbrief/shared';
import { parseInput } from '../../http/validate.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../users/current-user.js';
import { FollowAlertsService } from './follow-alerts.service.js';
import { FollowsService } from './follows.service.js';
import { suggestFromNotes } from './notes-suggestions.js';

const entityIdSchema = z.string().trim().min(1, 'Name an entity.').max(80, 'No such entity.');

/** GET /api/follows, GET /api/follows/suggestions, PUT and DELETE /api/follows/:entityId: signed in; writes pass the app's same-origin check. */
export function followsRoutes({ clock }: { clock: Clock }): Router {
  const router = new Router({ prefix: '/api/follows' });
  router.use(requireUser());
  router.get('/', async (ctx: Context) => {
    ctx.body = followListSchema.parse(await new FollowsService(ctx.em, clock).list(currentUser(ctx).id));
  });
  // What the subscriber typed in Additional Notes (saved with their preferences), read for entity names.
  router.get('/suggestions', async (ctx: Context) => {
    const user = currentUser(ctx);
    const followed = new Set(await new FollowsService(ctx.em, clock).followedIds(user.id));
    ctx.body = followSuggestionListSchema.parse(await suggestFromNotes(ctx.em, user.preferences.notes ?? '', followed));
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

/**
 * GET and PUT /api/follow-alerts (email, webhook address), POST /api/follow-alerts/secret (a new signing secret,
 * shown once): signed in; writes pass the app's same-origin check.
 */
export function followAlertsRoutes({ clock, allowPrivateWebhooks }: { clock: Clock; allowPrivateWebhooks: boolean }): Router {
  const router = new Router({ prefix: '/api/follow-alerts' });
  router.use(requireUser());
  const service = (ctx: Context) => new FollowAlertsService(ctx.em, clock, allowPrivateWebhooks);
  router.get('/', async (ctx: Context) => {
    ctx.body = followAlertSettingsSchema.parse(await service(ctx).get(currentUser(ctx).id));
  });
  router.put('/', async (ctx: Context) => {
    const patch = parseInput(followAlertSettingsUpdateSchema, ctx.request.body);
    ctx.body = followAlertSettingsSchema.parse(await service(ctx).update(currentUser(ctx).id, patch));
  });
  router.post('/secret', async (ctx: Context) => {
    ctx.body = followAlertSettingsSchema.parse(await service(ctx).rotateSecret(currentUser(ctx).id));
  });
  return router;
}
