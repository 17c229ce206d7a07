import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { cleanText } from '@dcbrief/shared';
import { z } from 'zod';
import { NotConfigured, unauthorized } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { RecipientsService } from './recipients.service.js';

export const DELIVERY_WEBHOOK_PATH = '/api/delivery/webhook';

const notConfigured = () =>
  new NotConfigured(
    'delivery webhook',
    'set DELIVERY_WEBHOOK_SECRET',
    'The delivery webhook is not configured (set DELIVERY_WEBHOOK_SECRET)',
  );

const eventSchema = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: cleanText().trim().toLowerCase().pipe(z.email('email: not a valid address')),
  /** Transient bounces (mailbox full, greylisting) are noted, not suppressed. */
  bounceType: z.enum(['permanent', 'transient']).default('permanent'),
  messageId: cleanText().max(300).optional(),
  detail: cleanText().max(500).optional(),
});
const bodySchema = z.union([
  eventSchema.transform((e) => [e]),
  z.array(eventSchema).min(1).max(1000),
  z.object({ events: z.array(eventSchema).min(1).max(1000) }).transform((b) => b.events),
]);

/**
 * The SMTP provider's bounce and complaint webhook, authenticated by a shared secret
 * (`Authorization: Bearer DELIVERY_WEBHOOK_SECRET`). A complaint or a permanent bounce suppresses the
 * address: nothing more is sent to it, and what waits in the outbox is cancelled.
 */
export function deliveryWebhookRoutes({ secret, clock, logger }: { secret: string | null; clock: Clock; logger: Logger }): Router {
  const router = new Router();
  router.post(DELIVERY_WEBHOOK_PATH, async (ctx: Context) => {
    if (!secret) throw notConfigured();
    if (!sameSecret(bearer(ctx), secret)) throw unauthorized('Invalid webhook secret');
    const events = parseInput(bodySchema, ctx.request.body);
    const { suppressed, noted, stopped } = await new RecipientsService(ctx.em, clock).recordMailEvents(events);
    for (const event of stopped) logger.info({ email: event.email, type: event.type }, 'address suppressed');
    ctx.body = { received: events.length, suppressed, noted };
  });
  return router;
}

function bearer(ctx: Context): string {
  const header = ctx.get('Authorization');
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return given.length > 0 && timingSafeEqual(a, b);
}
