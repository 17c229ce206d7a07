import Router from '@koa/router';
import type { Context } from 'koa';
import { feedbackCreateSchema } from '@dcbrief/shared';
import { currentUser, requireUser } from '../users/current-user.js';
import { parseInput } from '../../http/validate.js';
import type { Clock } from '../../lib/clock.js';
import { FeedbackService, toFeedbackDto } from './feedback.service.js';

export function feedbackRoutes({ clock }: { clock: Clock }): Router {
  const router = new Router({ prefix: '/api/feedback' });
  router.use(requireUser());
  router.get('/', async (ctx: Context) => {
    const items = await new FeedbackService(ctx.em, clock).listForUser(currentUser(ctx));
    ctx.body = items.map(toFeedbackDto);
  });
  router.post('/', async (ctx: Context) => {
    const input = parseInput(feedbackCreateSchema, ctx.request.body);
    const { feedback, created } = await new FeedbackService(ctx.em, clock).rate(currentUser(ctx), input);
    ctx.status = created ? 201 : 200;
    ctx.body = toFeedbackDto(feedback);
  });
  return router;
}
