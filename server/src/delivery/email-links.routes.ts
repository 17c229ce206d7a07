import Router from '@koa/router';
import type { Context } from 'koa';
import { PLANS, RATING_MAX, RATING_MIN, TRIALING_STATUS } from '@dcbrief/shared';
import type { Clock } from '../lib/clock.js';
import { Digest } from '../modules/digests/digest.entity.js';
import { FeedbackService } from '../modules/feedback/feedback.service.js';
import { Feedback } from '../modules/feedback/feedback.entity.js';
import { User } from '../modules/users/user.entity.js';
import { AUTO_POST_CSP_SOURCE, emailLinkPage } from './pages.js';
import { RecipientsService } from './recipients.service.js';
import { LinkSigner } from './tokens.js';
import { usePageHeaders } from '../http/middleware/security-headers.js';
import { digestPageUrl } from './digest-links.js';

/**
 * The links of a digest email, usable without signing in: the signed token in the address is the
 * authority. A GET never changes anything (mail scanners and link previews fetch every link of a
 * message); the page's form, or the mail client's RFC 8058 one-click POST, does. A rating's page posts its
 * form itself in a browser, so a rating is one click in the email. docs/decisions/303.
 */
/** Where the email links live; app.ts lets only these paths into their router. */
export const EMAIL_LINKS_PREFIX = '/api/email';

export function emailLinksRoutes({ config, clock }: { config: { sessionSecret: string; publicUrl: string }; clock: Clock }): Router {
  const signer = new LinkSigner(config.sessionSecret);
  const publicUrl = () => config.publicUrl;
  const router = new Router({ prefix: EMAIL_LINKS_PREFIX });
  router.use(async function noStoreNoReferrer(ctx, next) {
    // The token is in the address: keep it out of caches and other sites' logs.
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    await next();
  });

  const ratingTarget = async (ctx: Context) => {
    const payload = signer.verify(String(ctx.query.t ?? ''));
    const rating = Number(ctx.query.rating);
    if (!payload || payload.p !== 'rate') return null;
    if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) return null;
    const digest = await ctx.em.findOne(Digest, { id: payload.d, user: payload.u }, { populate: ['user'] });
    return digest ? { digest, user: digest.user, rating } : null;
  };

  router.get('/rate', async (ctx) => {
    const target = await ratingTarget(ctx);
    if (!target) return invalidLink(ctx);
    const previous = await ctx.em.findOne(Feedback, { user: target.user, digest: target.digest, medium: 'text' });
    page(
      ctx,
      emailLinkPage(
        `Rate this ${target.digest.kind === 'breaking' ? 'alert' : 'brief'} ${target.rating} out of ${RATING_MAX}?`,
        [
          target.digest.title,
          previous
            ? `You rated it ${previous.rating} out of ${RATING_MAX} before; confirming replaces that rating.`
            : 'One click to confirm: your rating helps us choose what to send you.',
        ],
        { post: { action: ctx.originalUrl, label: `Confirm: ${target.rating} out of ${RATING_MAX}`, auto: true } },
      ),
    );
    allowAutoPost(ctx);
  });

  router.post('/rate', async (ctx) => {
    const target = await ratingTarget(ctx);
    if (!target) return invalidLink(ctx);
    // Only a sent digest can be rated (docs/decisions/304); the outbox records the send when its batch ends.
    if (!target.digest.sentAt) {
      return page(
        ctx,
        emailLinkPage('Please try again in a few minutes', ['This brief is still being delivered, so your rating cannot be recorded yet.']),
        409,
      );
    }
    await new FeedbackService(ctx.em, clock).rate(target.user, { digestId: target.digest.id, rating: target.rating });
    page(
      ctx,
      emailLinkPage('Thank you for your feedback', [`You rated “${target.digest.title}” ${target.rating} out of ${RATING_MAX}.`], {
        link: { href: digestPageUrl(publicUrl(), target.digest.id), label: 'Read this digest in the web app' },
      }),
    );
  });

  const unsubscribeTarget = async (ctx: Context) => {
    const payload = signer.verify(String(ctx.query.t ?? ''));
    if (!payload || payload.p !== 'unsub') return null;
    return ctx.em.findOne(User, { id: payload.u });
  };

  router.get('/unsubscribe', async (ctx) => {
    const user = await unsubscribeTarget(ctx);
    if (!user) return invalidLink(ctx);
    page(
      ctx,
      emailLinkPage(
        'Unsubscribe from DC Brief emails?',
        [
          `${user.email} will stop receiving the daily brief, the weekly summary and breaking alerts. Your account and subscription stay as they are.`,
        ],
        {
          post: { action: ctx.originalUrl, label: 'Unsubscribe' },
          link: { href: `${publicUrl()}/dashboard`, label: 'Or choose which emails you get on your dashboard' },
        },
      ),
    );
  });

  // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" with no cookie; the token alone decides.
  router.post('/unsubscribe', async (ctx) => {
    const user = await unsubscribeTarget(ctx);
    if (!user) return invalidLink(ctx);
    await new RecipientsService(ctx.em, clock).unsubscribe(user);
    const plan = planAfterUnsubscribe(user, clock.now());
    page(
      ctx,
      emailLinkPage(
        "You're unsubscribed",
        [
          `Email delivery has stopped: ${user.email} will get no more daily briefs, weekly summaries or breaking alerts.`,
          plan.text,
          'Changed your mind? Turn the emails back on from your dashboard.',
        ],
        {
          links: [
            ...(plan.cancel ? [{ href: `${publicUrl()}/dashboard#billing`, label: plan.cancel }] : []),
            { href: `${publicUrl()}/dashboard`, label: 'Open your dashboard' },
          ],
        },
      ),
    );
  });

  return router;
}

function invalidLink(ctx: Context) {
  page(
    ctx,
    emailLinkPage('This link is not valid', [
      'The link may be incomplete (some mail apps cut long links) or no longer valid. You can manage your emails from your dashboard.',
    ]),
    400,
  );
}

/** The page's CSP also allows its one auto-posting script, by hash: no other inline script runs. */
function allowAutoPost(ctx: Context) {
  usePageHeaders(ctx);
  const csp = ctx.response.get('Content-Security-Policy');
  if (csp) ctx.set('Content-Security-Policy', csp.replace(/script-src ([^;]*)/, `script-src $1 ${AUTO_POST_CSP_SOURCE}`));
}

function page(ctx: Context, body: string, status = 200) {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

/**
 * What unsubscribing leaves as it was: the plan, still billed, with the way to cancel it (Manage billing on the
 * dashboard opens Stripe's customer portal); a card-free trial, which ends by itself and costs nothing.
 */
function planAfterUnsubscribe(user: User, now: Date): { text: string; cancel?: string } {
  const tier = user.subscriptionTier;
  if (user.subscriptionStatus === TRIALING_STATUS && user.trialEndsAt && user.trialEndsAt > now) {
    return {
      text: `Your free trial is unchanged: it ends on ${user.trialEndsAt.toUTCString().slice(0, 16)} and nothing is charged.`,
    };
  }
  if (tier && ['active', 'past_due', 'unpaid', 'paused'].includes(user.subscriptionStatus)) {
    if (user.cancelsAt) {
      return {
        text: `Your ${PLANS[tier].name} plan is unchanged: it is cancelled and runs until ${user.cancelsAt.toUTCString().slice(0, 16)}.`,
      };
    }
    return {
      text: `Your ${PLANS[tier].name} plan is unchanged and still billed at $${PLANS[tier].priceUsd} per month: unsubscribing stops emails, not payments.`,
      cancel: 'Cancel your plan in Manage billing',
    };
  }
  return { text: 'Your account is unchanged.' };
}
