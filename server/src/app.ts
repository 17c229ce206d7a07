import path from 'node:path';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import Koa from 'koa';
import session from 'koa-session';
import type { AppConfig } from './config.js';
import type { Orm } from './db/orm.js';
import { runInRequestContext } from './db/request-context.js';
import { CookieKeys } from './http/cookie-keys.js';
import { loadSessionUser } from './http/middleware/session-user.js';
import { errorHandler } from './http/middleware/error-handler.js';
import { parseBody, requireJson } from './http/middleware/json-body.js';
import { RateLimit, type RateLimitStore } from './http/middleware/rate-limit.js';
import { requestLogger } from './http/middleware/request-context.js';
import { sameOrigin } from './http/middleware/same-origin.js';
import { securityHeaders } from './http/middleware/security-headers.js';
import { serveWebApp } from './http/static-web.js';
import { createAudioStore } from './audio/audio.config.js';
import { audioRoutes, FEED_TOKEN_PATH } from './audio/audio.routes.js';
import { EMAIL_LINKS_PREFIX, emailLinksRoutes } from './delivery/email-links.routes.js';
import { deliveryWebhookRoutes } from './delivery/webhook.routes.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './mail/mailer.js';
import { secretId } from './lib/ids.js';
import { KeyedLock } from './lib/keyed-lock.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { httpErrorForStripe } from './modules/billing/billing.errors.js';
import { billingRoutes, STRIPE_WEBHOOK_PATH } from './modules/billing/billing.routes.js';
import { BILLING_MAIL_MAX_ATTEMPTS, billingMailRenderers } from './modules/billing/billing-mail.js';
import { BillingService } from './modules/billing/billing.service.js';
import { PriceCatalog } from './modules/billing/price-catalog.js';
import { createStripeClient } from './modules/billing/stripe-client.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { CALENDAR_TOKEN_PATH, calendarRoutes } from './modules/calendar/calendar.routes.js';
import { AccountMailQueue } from './modules/account-mail/account-mail.queue.js';
import { AuthService, SIGN_IN_MAIL, signInCodeKey } from './modules/auth/auth.service.js';
import { digestsRoutes } from './modules/digests/digests.routes.js';
import { entitiesRoutes } from './modules/entities/entities.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { followAlertsRoutes, followsRoutes } from './modules/follows/follows.routes.js';
import { DbSessionStore } from './modules/sessions/session.store.js';
import { SESSION_MAX_AGE_MS } from './modules/sessions/signed-in-session.js';
import { findSessionUser } from './modules/users/current-user.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.js';
import {
  renderWaitlistAgain,
  renderWaitlistJoined,
  WAITLIST_AGAIN_MAIL,
  WAITLIST_JOINED_MAIL,
  WaitlistService,
} from './modules/waitlist/waitlist.service.js';

declare module 'koa' {
  interface BaseContext {
    em: EntityManager;
  }
}

/** Everything that talks to the outside world, passed in so tests hand over real local servers. */
export interface AppPorts {
  orm: Orm;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** The account emails' outbox; main.ts sends what is due every minute, tests wait for it to be idle. */
  accountMail?: AccountMailQueue;
}

export const SESSION_COOKIE = 'dcb.sid';

export const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '../../web/dist');

/** Builds the Koa app. Starts nothing and keeps no global state: main.ts and the tests call it. */
export function createApp(config: AppConfig, ports: AppPorts, options: { webDir?: string } = {}): Koa {
  const { orm, mailer, clock, logger } = ports;
  const https = config.publicUrl.startsWith('https://');
  const app = new Koa({ proxy: config.trustProxy });
  app.keys = new CookieKeys([config.sessionSecret]);
  app.context.em = orm.em;
  app.silent = true;

  const limits = config.rateLimits;
  // Servers sharing PostgreSQL share one budget per client; one machine counts in memory.
  const store: RateLimitStore =
    config.database.kind === 'postgresql'
      ? { kind: 'postgres', knex: (orm.em.getConnection() as AbstractSqlConnection).getKnex() }
      : { kind: 'memory' };
  const loginPerIp = new RateLimit(
    'login-ip',
    limits.loginPerIp,
    'Too many sign-in requests. Please wait a few minutes and try again.',
    store,
  );
  const loginPerEmail = new RateLimit(
    'login-email',
    limits.loginPerEmail,
    'Too many sign-in requests for this email. Please wait and try again.',
    store,
  );
  const signInCodePerIp = new RateLimit(
    'sign-in-code-ip',
    limits.signInCodePerIp,
    'Too many sign-in codes tried. Please wait a few minutes and try again.',
    store,
  );
  const signInCodeWrongPerEmail = new RateLimit(
    'sign-in-code-wrong-email',
    limits.signInCodeWrongPerEmail,
    'Too many wrong codes for this email today. Use the link in the email to sign in.',
    store,
  );
  const waitlistPerIp = new RateLimit('waitlist-ip', limits.waitlistPerIp, 'Too many waitlist requests. Please try again later.', store);
  const draftPerIp = new RateLimit('draft-ip', limits.draftPerIp, 'Too many requests. Please slow down.', store);
  const newDraftPerIp = new RateLimit('new-draft-ip', limits.newDraftPerIp, 'Too many requests. Please try again tomorrow.', store);
  const calendarLimits = {
    perToken: new RateLimit('calendar-token', limits.calendarPerToken, 'This calendar is read too often. Please try again later.', store),
    missesPerIp: new RateLimit(
      'calendar-miss-ip',
      limits.calendarMissesPerIp,
      'Too many unknown calendars. Please try again later.',
      store,
    ),
  };

  // A feed's or calendar's token is its owner's secret: the request log shows its place, not its value.
  app.use(requestLogger({ logger, redact: [FEED_TOKEN_PATH, CALENDAR_TOKEN_PATH] }));
  app.use(errorHandler({ logger, translate: [httpErrorForStripe] }));
  app.use(securityHeaders({ https }));
  app.use(serveWebApp(options.webDir ?? DEFAULT_WEB_DIR));
  app.use(function ormContext(_ctx, next) {
    return runInRequestContext(orm.em, next);
  });
  // Email links (rating, RFC 8058 one-click unsubscribe) carry their own signed token and need no session;
  // mail clients post them with any content type and from any origin.
  // Only requests under its prefix enter it: every other request would pay its match and its allowed-methods promise.
  app.use(underPrefix(EMAIL_LINKS_PREFIX, emailLinksRoutes({ config, clock })));
  if (https) {
    // TLS ends at the proxy in front of us: the browser's connection is https even when ours is not.
    app.use(function cookiesOverTls(ctx, next) {
      ctx.cookies.secure = true;
      return next();
    });
  }
  app.use(
    session(
      {
        key: SESSION_COOKIE,
        maxAge: SESSION_MAX_AGE_MS,
        httpOnly: true,
        sameSite: 'lax',
        secure: https,
        signed: true,
        renew: true,
        store: new DbSessionStore(orm.em),
        genid: secretId,
      },
      app,
    ),
  );
  app.use(sameOrigin({ publicUrl: config.publicUrl }));
  app.use(requireJson({ formPaths: ['/api/login', '/api/login/verify', '/api/login/code'] }));
  app.use(parseBody({ rawPaths: [STRIPE_WEBHOOK_PATH] }));
  app.use(loadSessionUser(findSessionUser));

  const accountMail = ports.accountMail ?? new AccountMailQueue({ em: orm.em, mailer, clock, logger });
  const codeKey = signInCodeKey(config.sessionSecret);
  const authFor = (em: EntityManager) =>
    new AuthService({ em, clock, accountMail, logger, publicUrl: config.publicUrl, signupMode: config.signupMode, codeKey });
  const authService = (ctx: Koa.Context) => authFor(ctx.em);
  accountMail
    .register(SIGN_IN_MAIL, (em, to, row) => authFor(em).signInMessage(to, row.nextPath))
    .register(WAITLIST_JOINED_MAIL, renderWaitlistJoined)
    .register(WAITLIST_AGAIN_MAIL, renderWaitlistAgain);
  for (const [kind, render] of Object.entries(billingMailRenderers(() => config.publicUrl)))
    accountMail.register(kind, render, { maxAttempts: BILLING_MAIL_MAX_ATTEMPTS });
  const waitlistService = (ctx: Koa.Context) => new WaitlistService(ctx.em, clock, accountMail);
  const stripe = createStripeClient(config.stripe);
  const prices = new PriceCatalog(stripe, config.stripe.prices);
  const locks = new KeyedLock();
  const billingService = (ctx: Koa.Context) =>
    new BillingService({
      em: ctx.em,
      stripe,
      prices,
      webhookSecret: config.stripe.webhookSecret,
      publicUrl: config.publicUrl,
      clock,
      logger,
      accountMail,
      locks,
    });

  const routers: Router[] = [
    authRoutes({ auth: authService, loginPerIp, loginPerEmail, signInCodePerIp, signInCodeWrongPerEmail }),
    usersRoutes({ clock }),
    waitlistRoutes({ waitlist: waitlistService, draftPerIp, newDraftPerIp, waitlistPerIp }),
    digestsRoutes({ clock }),
    entitiesRoutes({ clock }),
    accountRoutes({ stripe }),
    feedbackRoutes({ clock }),
    followsRoutes({ clock }),
    followAlertsRoutes({ clock, allowPrivateWebhooks: config.followAlerts.allowPrivateWebhooks }),
    // The browser is told of a key only when this server can also take the payment (both keys set): otherwise the
    // subscribe page says payments are unavailable here (docs/decisions/116).
    billingRoutes({ billing: billingService, publishableKey: stripe ? config.stripe.publishableKey : null }),
    deliveryWebhookRoutes({ secret: config.delivery.webhookSecret, clock, logger }),
    audioRoutes({ store: createAudioStore(config.audio), clock, publicUrl: () => config.publicUrl }),
    calendarRoutes({ clock, publicUrl: () => config.publicUrl, limits: calendarLimits }),
  ];
  // One router holds every module's routes: a request is matched once and passes one allowed-methods check, not
  // one of each per module (nine matches and nine promises a request: docs/decisions/535).
  const api = new Router();
  for (const router of routers) api.use(router.routes());
  app.use(api.routes()).use(api.allowedMethods());
  return app;
}

/** A router's routes and its allowed-methods answers, for requests under `prefix` only (others go straight on). */
function underPrefix(prefix: string, router: Router): Koa.Middleware {
  const routes = router.routes() as unknown as Koa.Middleware;
  const allowed = router.allowedMethods() as unknown as Koa.Middleware;
  return function routesUnderPrefix(ctx, next) {
    if (!ctx.path.startsWith(prefix)) return next();
    return routes(ctx, () => allowed(ctx, next));
  };
}
