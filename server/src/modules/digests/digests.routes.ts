import Router from '@koa/router';
import type { Context } from 'koa';
import { digestListQuerySchema } from '@dcbrief/shared';
import { notFound } from '../../http/errors.js';
import { noneMatch, strongEtag } from '../../http/etag.js';
import { currentUser, requireUser } from '../users/current-user.js';
import { parseInput } from '../../http/validate.js';
import { ratingOf, storyVoteCounts } from '../feedback/feedback.service.js';
import { thumbsLeanings } from '../feedback/leanings.js';
import type { Clock } from '../../lib/clock.js';
import { DigestsService, toDigestDto } from './digests.service.js';

export function digestsRoutes({ clock }: { clock: Clock }): Router {
  const router = new Router({ prefix: '/api/digests' });
  router.use(requireUser());
  router.get('/', async (ctx: Context) => {
    const query = parseInput(digestListQuerySchema, { ...ctx.query });
    const digests = await new DigestsService(ctx.em).list(currentUser(ctx), query);
    const body = JSON.stringify(digests.map(toDigestDto));
    // A validator of exactly this answer: the desktop app asks for the latest digest (?limit=1) with
    // If-None-Match at each check, and nothing new costs a 304 without a body (docs/decisions/604).
    const etag = strongEtag(body);
    ctx.set('ETag', etag);
    // Compared here rather than with ctx.fresh: fetch() adds `Cache-Control: no-cache` to every request with
    // If-None-Match, and koa's `fresh` then never answers 304; the server is the origin, the check is its own.
    if (noneMatch(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = body;
  });
  // Before '/:id', which would take "stats" for an id.
  router.get('/stats', async (ctx: Context) => {
    const user = currentUser(ctx);
    // The thumbs given to stories from the audio player count with the digests' own figures (decision 406).
    // And where they steer the next digests' selection (docs/decisions/309), so the dashboard can say so.
    const leaning = (await thumbsLeanings(ctx.em, [user.id], clock.now())).get(user.id) ?? { more: [], less: [] };
    ctx.body = {
      ...(await new DigestsService(ctx.em).stats(user)),
      storyVotes: { ...(await storyVoteCounts(ctx.em, user)), leaning },
    };
  });
  router.get('/:id', async (ctx: Context) => {
    const id = ctx.params.id ?? '';
    const digest = await new DigestsService(ctx.em).findForUser(currentUser(ctx), id);
    if (!digest) throw notFound('Digest not found');
    // With the subscriber's own rating, so the page shows their stars again after a reload.
    const rating = await ratingOf(ctx.em, currentUser(ctx), digest.id);
    ctx.body = { ...toDigestDto(digest), rating };
  });
  return router;
}
