import Router from '@koa/router';
import type { Context } from 'koa';
import { isActive, isTrialing } from '@dcbrief/shared';
import { notFound } from '../../http/errors.js';
import { noneMatch, strongEtag } from '../../http/etag.js';
import type { RateLimit } from '../../http/middleware/rate-limit.js';
import type { Clock } from '../../lib/clock.js';
import { FollowsService } from '../follows/follows.service.js';
import { currentUser, requireUser } from '../users/current-user.js';
import { calendarEvents } from './calendar-events.js';
import { CalendarFeedsService, hashCalendarToken } from './calendar-feeds.service.js';
import { renderCalendar } from './calendar.ics.js';

export const CALENDAR_PREFIX = '/api/calendar';
/** The token's place in a calendar URL, redacted from request logs. */
export const CALENDAR_TOKEN_PATH = /(?<=^\/api\/calendar\/)[^/]+(?=\.ics$)/;

export interface CalendarLimits {
  /** Reads of one calendar (per token): a calendar app polls a few times an hour at most. */
  perToken: RateLimit;
  /** Unknown tokens per client address: only misses count, so one address serving many subscribers is not held back. */
  missesPerIp: RateLimit;
}

/**
 * The calendar of followed events (decision 022): the signed-in subscriber's private address (made, rotated,
 * turned off), and the `.ics` itself, reached with its token alone (calendar apps send no cookie).
 */
export function calendarRoutes(deps: { clock: Clock; publicUrl: () => string; limits: CalendarLimits }): Router {
  const router = new Router({ prefix: CALENDAR_PREFIX });
  const calendarUrl = (token: string) => `${deps.publicUrl()}${CALENDAR_PREFIX}/${token}.ics`;

  // The address: a token is shown only when it is made (it is stored hashed), so GET says whether one exists.
  router.get('/', requireUser(), async (ctx: Context) => {
    ctx.body = { exists: await new CalendarFeedsService(ctx.em).exists(currentUser(ctx).id), url: null };
  });
  router.post('/rotate', requireUser(), async (ctx: Context) => {
    const token = await new CalendarFeedsService(ctx.em).rotate(currentUser(ctx).id, deps.clock.now());
    ctx.body = { exists: true, url: calendarUrl(token) };
  });
  router.delete('/', requireUser(), async (ctx: Context) => {
    await new CalendarFeedsService(ctx.em).revoke(currentUser(ctx).id);
    ctx.body = { exists: false, url: null };
  });

  // With the token: an unknown, rotated or revoked one is 404.
  router.get('/:file', async (ctx: Context) => {
    const token = /^(.+)\.ics$/.exec(ctx.params.file ?? '')?.[1] ?? '';
    await deps.limits.missesPerIp.check(ctx.ip);
    const user = await new CalendarFeedsService(ctx.em).ownerOf(token);
    if (!user) {
      await deps.limits.missesPerIp.consume(ctx.ip);
      throw notFound('Calendar not found');
    }
    await deps.limits.perToken.consume(hashCalendarToken(token));
    const active = isActive(user) || isTrialing(user);
    const url = new URL(deps.publicUrl());
    const followed = active ? await new FollowsService(ctx.em, deps.clock).followedIds(user.id) : [];
    const events = await calendarEvents(ctx.em, followed, deps.clock.now(), url.hostname);
    const body = renderCalendar({ publicUrl: deps.publicUrl(), active, events });
    const etag = strongEtag(body);
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'private, no-cache');
    if (noneMatch(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'inline; filename="dc-brief-followed-events.ics"');
    ctx.body = body;
  });
  return router;
}
