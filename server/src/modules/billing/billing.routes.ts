import Router from '@koa/router';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { createSubscriptionSchema, type PublicConfig } from '@dcbrief/shared';
import { HttpError } from '../../http/errors.js';
import { currentUser, requireUser } from '../users/current-user.js';
import { parseInput } from '../../http/validate.js';
import { toUserDto } from '../users/user.dto.js';
import type { BillingService } from './billing.service.js';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
const WEBHOOK_BODY_LIMIT = '1mb';

export function billingRoutes({
  billing,
  publishableKey,
}: {
  billing: (ctx: Context) => BillingService;
  publishableKey: string | null;
}): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/config', (ctx) => {
    const body: PublicConfig = { stripePublishableKey: publishableKey };
    ctx.body = body;
  });

  router.post('/create-subscription', requireUser(), async (ctx) => {
    const { tier } = parseInput(createSubscriptionSchema, ctx.request.body);
    ctx.body = await billing(ctx).createSubscription(currentUser(ctx), tier);
  });

  router.post('/billing/portal', requireUser(), async (ctx) => {
    ctx.body = { url: await billing(ctx).portalUrl(currentUser(ctx)) };
  });

  router.post('/billing/refresh', requireUser(), async (ctx) => {
    ctx.body = toUserDto(await billing(ctx).refresh(currentUser(ctx)));
  });

  /** Stripe signs the exact bytes it sends, so this route reads the raw body itself (the JSON parser skips it). */
  router.post(STRIPE_WEBHOOK_PATH.replace('/api', ''), async (ctx) => {
    let raw: string;
    try {
      raw = await getRawBody(ctx.req, { limit: WEBHOOK_BODY_LIMIT, encoding: 'utf-8' });
    } catch (err) {
      const status = (err as { status?: number }).status;
      throw new HttpError(status === 413 ? 413 : 400, status === 413 ? 'Request body is too large' : 'Could not read the request body');
    }
    const outcome = await billing(ctx).handleWebhook(raw, ctx.get('Stripe-Signature') || undefined);
    ctx.body = { received: true, duplicate: outcome === 'duplicate' };
  });

  return router;
}
