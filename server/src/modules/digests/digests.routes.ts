import Router from '@koa/router';
import type { Context } from 'koa';
import { digestListQuerySchema } from '@dcbrief/shared';
import { notFound } from '../../http/errors.js';
import { currentUser, requireUser } from '../users/current-user.js';
import { parseInput } from '../../http/validate.js';
import { ratingOf, storyVoteCounts } from '../feedback/feedback.service.js';
import { DigestsService, toDigestDto } from './digests.service.js';

export function digestsRoutes(): Router {
  const router = new Router({ prefix: '/api/digests' });
  router.use(requireUser());
  router.get('/', async (ctx: Context) => {
    const query = parseInput(digestListQuerySchema, { ...ctx.query });
    const digests = await new DigestsService(ctx.em).list(currentUser(ctx), query);
    ctx.body = digests.map(toDigestDto);
  });
  // Before '/:id', which would take "stats" for an id.
  router.get('/stats', async (ctx: Context) => {
    const user = currentUser(ctx);
    // The thumbs given to stories from the audio player count with the digests' own figures (decision 406).
    ctx.body = { ...(await new DigestsService(ctx.em).stats(user)), storyVotes: await storyVoteCounts(ctx.em, user) };
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
