import type { Context } from 'koa';

/** A signed-in session lives 30 days, renewed when half of it is left (docs/decisions/003). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Starts the session of a sign-in: a new id, so an id known before sign-in (fixation) is worthless after it, holding
 * the account and nothing of the visitor's session, with the signed-in lifetime. koa-session's `regenerate()` alone
 * keeps the data and the lifetime the session was read with: a visitor's day-long draft session (docs/decisions/505)
 * would stay a day long and keep its draft's key.
 */
export async function startSignedInSession(ctx: Context, userId: string): Promise<void> {
  ctx.session = { userId };
  ctx.session.maxAge = SESSION_MAX_AGE_MS;
  await ctx.session.regenerate();
}
