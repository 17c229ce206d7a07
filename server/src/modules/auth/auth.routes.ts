import Router from '@koa/router';
import type { Context } from 'koa';
import {
  cleanText,
  loginRequestSchema,
  NEXT_PATH_REFUSED,
  safeNextPath,
  SIGN_IN_CODE_FORMAT,
  signInCodeRequestSchema,
  type SignInCodeResponse,
} from '@dcbrief/shared';
import { z } from 'zod';
import type { RateLimit } from '../../http/middleware/rate-limit.js';
import { HttpError } from '../../http/errors.js';
import { AUTH_ASSET_PATH, AUTH_SCRIPT, AUTH_STYLES, checkEmailPage, confirmSignInPage, linkInvalidPage, signInPage } from './auth.pages.js';
import { DbSessionStore } from '../sessions/session.store.js';
import { startSignedInSession } from '../sessions/signed-in-session.js';
import { currentUser, requireUser } from '../users/current-user.js';
import type { AuthService, CodeOutcome } from './auth.service.js';

export interface AuthRouteDeps {
  auth: (ctx: Context) => AuthService;
  loginPerIp: RateLimit;
  loginPerEmail: RateLimit;
  /** Code tries per client address (decision 020). */
  signInCodePerIp: RateLimit;
  /** Wrong codes per email address, across requests (decision 020). */
  signInCodeWrongPerEmail: RateLimit;
}

/** The landing page, told to say that signing out worked (the web app shows a toast and drops the query). */
export const SIGNED_OUT_LANDING = '/?signed-out=1';

const verifySchema = z.object({
  token: cleanText().min(1).max(200),
  timezone: cleanText().max(64).optional(),
  next: cleanText().max(2000).optional(),
});

export function authRoutes({ auth, loginPerIp, loginPerEmail, signInCodePerIp, signInCodeWrongPerEmail }: AuthRouteDeps): Router {
  const router = new Router();

  router.get(`${AUTH_ASSET_PATH}/auth.css`, (ctx) => {
    ctx.type = 'text/css';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = AUTH_STYLES;
  });
  router.get(`${AUTH_ASSET_PATH}/auth.js`, (ctx) => {
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = AUTH_SCRIPT;
  });

  router.get('/api/login', (ctx) => {
    if (ctx.state.user) return ctx.redirect(landingAfterSignIn(ctx.query.next));
    const email = typeof ctx.query.email === 'string' ? ctx.query.email.slice(0, 254) : '';
    html(ctx, signInPage({ email, next: safeNextPath(ctx.query.next) }));
  });

  /** The page posts a form; API clients may post JSON. Both get the same answer for any valid email. */
  router.post('/api/login', async (ctx) => {
    const wantsHtml = ctx.is('urlencoded') !== false && ctx.is('urlencoded') !== null;
    const parsed = loginRequestSchema.safeParse(wantsHtml ? pick(ctx.request.body, ['email', 'timezone', 'next']) : ctx.request.body);
    if (!parsed.success) {
      const nextRefused = parsed.error.issues.some((issue) => issue.path[0] === 'next');
      if (wantsHtml)
        return html(
          ctx,
          signInPage({
            email: String(field(ctx.request.body, 'email')),
            error: nextRefused ? `${NEXT_PATH_REFUSED}.` : 'Please enter a valid email address.',
          }),
          400,
        );
      throw new HttpError(400, loginRefusal(parsed.error.issues[0]?.code, nextRefused));
    }
    const { email, next } = parsed.data;
    try {
      await loginPerIp.consume(ctx.ip);
      await loginPerEmail.consume(email);
    } catch (err) {
      if (wantsHtml && err instanceof HttpError && err.status === 429) {
        ctx.set(err.headers);
        return html(ctx, signInPage({ email, next, error: 'Too many sign-in requests. Please wait a few minutes and try again.' }), 429);
      }
      throw err;
    }
    await auth(ctx).requestLink(email, { next });
    if (wantsHtml) return html(ctx, checkEmailPage(email, next));
    ctx.body = { message: 'Check your email for a sign-in link.' };
  });

  router.get('/api/login/verify', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    // The token is in this page's address: never send it to another site (no-referrer would make the form's Origin "null").
    ctx.set('Referrer-Policy', 'same-origin');
    if (!token || (await auth(ctx).inspect(token)) !== 'valid') return html(ctx, linkInvalidPage(), 400);
    html(ctx, confirmSignInPage(token, safeNextPath(ctx.query.next)));
  });

  router.post('/api/login/verify', async (ctx) => {
    const parsed = verifySchema.safeParse(ctx.request.body);
    const seed = { timezone: parsed.data?.timezone, visitorKey: visitorKeyOf(ctx) };
    const user = parsed.success ? await auth(ctx).consume(parsed.data.token, seed) : null;
    if (!user) return html(ctx, linkInvalidPage(), 400);
    await startSignedInSession(ctx, user.id);
    ctx.status = 303;
    ctx.redirect(landingAfterSignIn(parsed.data?.next));
  });

  /**
   * The code from the sign-in email, typed on any device: the desktop app, a second browser (decision 020). JSON
   * from the web app and the desktop, a form from the server's "Check your email" page. Signs in exactly as the
   * link does; no cookie of the request that asked for the code is needed.
   */
  router.post('/api/login/code', async (ctx) => {
    const wantsHtml = ctx.is('urlencoded') !== false && ctx.is('urlencoded') !== null;
    const body = wantsHtml ? pick(ctx.request.body, ['email', 'code', 'timezone', 'next']) : ctx.request.body;
    const parsed = signInCodeRequestSchema.safeParse(body);
    const typedEmail = String(field(ctx.request.body, 'email')).slice(0, 254);
    const typedNext = safeNextPath(field(ctx.request.body, 'next'));
    const refuse = (status: number, message: string, headers: Record<string, string> = {}) => {
      if (!wantsHtml) throw new HttpError(status, message, headers);
      ctx.set(headers);
      html(ctx, checkEmailPage(typedEmail, typedNext, message), status);
    };
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path[0];
      if (path === 'next') return refuse(400, NEXT_PATH_REFUSED);
      if (path === 'email') return refuse(400, 'Please enter a valid email address');
      if (path === 'code') return refuse(400, SIGN_IN_CODE_FORMAT);
      return refuse(400, issue?.code === 'unrecognized_keys' ? 'Unknown fields in request' : (issue?.message ?? 'Invalid request'));
    }
    const { email, code, timezone, next } = parsed.data;
    try {
      await signInCodePerIp.consume(ctx.ip);
      await signInCodeWrongPerEmail.check(email);
    } catch (err) {
      if (err instanceof HttpError) return refuse(err.status, err.message, err.headers);
      throw err;
    }
    const outcome = await auth(ctx).verifyCode(email, code, { timezone, visitorKey: visitorKeyOf(ctx) });
    if (outcome.kind !== 'signed-in') {
      if (outcome.kind === 'wrong') await signInCodeWrongPerEmail.consume(email).catch(() => undefined);
      const { status, message } = codeRefusal(outcome);
      return refuse(status, message);
    }
    await startSignedInSession(ctx, outcome.user.id);
    const redirectTo = landingAfterSignIn(next);
    if (wantsHtml) {
      ctx.status = 303;
      return ctx.redirect(redirectTo);
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { message: 'Signed in.', redirectTo } satisfies SignInCodeResponse;
  });

  router.get('/api/logout', (ctx) => {
    ctx.session = null;
    ctx.redirect(SIGNED_OUT_LANDING);
  });

  /** "Sign out of all devices": every session of the account ends, this one included (a stolen cookie too). */
  router.post('/api/logout/everywhere', requireUser(), async (ctx) => {
    const ended = await new DbSessionStore(ctx.em).destroyAllOf(currentUser(ctx).id);
    ctx.session = null;
    ctx.body = { message: ended > 1 ? `Signed out of all ${ended} devices.` : 'Signed out of all devices.' };
  });

  return router;
}

/** The key of the waitlist draft this browser saved before signing in, if any (the sign-in ends the draft). */
function visitorKeyOf(ctx: Context): string | undefined {
  const key = ctx.session?.visitorKey;
  return typeof key === 'string' ? key : undefined;
}

/** Where sign-in lands: the `next=` page when it is a path on this site, otherwise the home page. */
function landingAfterSignIn(next: unknown): string {
  return safeNextPath(next) ?? '/';
}

/** The code endpoint's refusals: what went wrong and what to do, as the sign-in screens show them. */
export function codeRefusal(outcome: Exclude<CodeOutcome, { kind: 'signed-in' }>): { status: number; message: string } {
  switch (outcome.kind) {
    case 'wrong':
      return {
        status: 400,
        message:
          outcome.triesLeft > 0
            ? `That code is not right. ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left.`
            : 'That code is not right, and that was the last try. Ask for a new code, or use the link in the email.',
      };
    case 'locked':
      return { status: 429, message: 'Too many wrong tries for this code. Ask for a new code, or use the link in the email.' };
    case 'expired':
      return { status: 410, message: 'That code has expired or was already used. Ask for a new one.' };
  }
}

function loginRefusal(code: string | undefined, nextRefused: boolean): string {
  if (nextRefused) return NEXT_PATH_REFUSED;
  return code === 'unrecognized_keys' ? 'Unknown fields in request' : 'Please enter a valid email address';
}

function html(ctx: Context, body: string, status = 200) {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

function field(body: unknown, key: string): unknown {
  return body && typeof body === 'object' ? ((body as Record<string, unknown>)[key] ?? '') : '';
}

function pick(body: unknown, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = field(body, key);
    if (value !== '' || key === 'email') out[key] = value;
  }
  return out;
}
