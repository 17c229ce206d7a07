import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { waitlistDraftSchema, waitlistEntrySchema } from '@dcbrief/shared';
import { rateLimitByIp, type RateLimit } from '../../http/middleware/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { WaitlistService } from './waitlist.service.js';

export interface WaitlistRouteDeps {
  waitlist: (ctx: Context) => WaitlistService;
  draftPerIp: RateLimit;
  /** Drafts a client address may start: each new one costs a session row and a draft row. */
  newDraftPerIp: RateLimit;
  waitlistPerIp: RateLimit;
}

/** A visitor's session lives a day (a signed-in one 30 days): long enough to finish the form, short enough to cost nothing. */
export const ANONYMOUS_SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The visitor's key for their draft lives in their session, so the draft is theirs alone. One draft per
 * session; a new session (a client without the cookie) is counted against its address first.
 */
async function visitorKey(ctx: Context, newDraftPerIp: RateLimit): Promise<string> {
  const session = ctx.session!;
  if (typeof session.visitorKey === 'string') return session.visitorKey;
  await newDraftPerIp.consume(ctx.ip);
  if (!session.userId) session.maxAge = ANONYMOUS_SESSION_MAX_AGE_MS;
  session.visitorKey = randomUUID();
  return session.visitorKey as string;
}

export function waitlistRoutes({ waitlist, draftPerIp, newDraftPerIp, waitlistPerIp }: WaitlistRouteDeps): Router {
  const router = new Router({ prefix: '/api/waitlist' });

  router.put('/draft', rateLimitByIp(draftPerIp), async (ctx) => {
    const input = parseInput(waitlistDraftSchema, ctx.request.body);
    ctx.body = await waitlist(ctx).saveDraft(await visitorKey(ctx, newDraftPerIp), input);
  });

  router.post('/', rateLimitByIp(waitlistPerIp), async (ctx) => {
    const input = parseInput(waitlistEntrySchema, ctx.request.body);
    const key = typeof ctx.session?.visitorKey === 'string' ? ctx.session.visitorKey : undefined;
    // The same answer for an address already on the list (its owner is told by email instead), and the
    // confirmation goes out after it, through the account emails' outbox.
    await waitlist(ctx).join(input, key);
    ctx.status = 201;
    ctx.body = { message: "You're on the list!" };
  });

  return router;
}
