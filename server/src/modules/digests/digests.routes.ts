import Router from '@koa/router';
import type { Context } from 'koa';
import { currentUser, requireUser } from '../../http/middleware/current-user.js';
import { DigestsService, toDigestDto } from './digests.service.js';

export function digestsRoutes(): Router {
  const router = new Router({ prefix: '/api/digests' });
  router.use(requireUser());
  router.get('/', async (ctx: Context) => {
    const digests = await new DigestsService(ctx.em).listForUser(currentUser(ctx));
    ctx.body = digests.map(toDigestDto);
  });
  return router;
}
