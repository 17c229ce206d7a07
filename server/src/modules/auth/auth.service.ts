import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { MAGIC_LINK_TTL_MS } from '@dcbrief/shared';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { MailMessage } from '../../mail/mailer.js';
import { signInEmail } from '../../mail/templates/account-emails.js';
import type { AccountMailQueue } from '../account-mail/account-mail.queue.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { WaitlistEntry } from '../waitlist/waitlist.entity.js';
import { LoginToken } from './login-token.entity.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AuthDeps {
  em: EntityManager;
  clock: Clock;
  accountMail: AccountMailQueue;
  logger: Logger;
  publicUrl: string;
  signupMode: 'open' | 'invite';
}

export const SIGN_IN_MAIL = 'sign-in';

export type TokenState = 'valid' | 'invalid';

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Owes the address a sign-in link: one outbox row, whoever asks, so the answer takes the same time for an
   * invited address and any other, and tells nobody who has an account or an invitation. Whether the
   * address may sign in is decided when the row is sent, after the answer (`signInMessage`).
   */
  async requestLink(email: string, options: { next?: string } = {}): Promise<string> {
    const { em, accountMail } = this.deps;
    // The page the link opens after sign-in travels in the row (a path on this site, checked by the route).
    const row = accountMail.enqueue(em, SIGN_IN_MAIL, email, { nextPath: options.next && options.next !== '/' ? options.next : null });
    await em.flush();
    accountMail.kick(row.id);
    return row.id;
  }

  /**
   * The sign-in email for an outbox row: a new link, which makes the address's older unused links
   * invalid (only the newest email works), or nothing when the address may not sign in.
   */
  async signInMessage(email: string, nextPath: string | null = null): Promise<MailMessage | null> {
    const { em, clock, logger, publicUrl } = this.deps;
    if (!(await this.maySignIn(email))) {
      logger.info({ emailDomain: email.split('@')[1] }, 'sign-in refused: not invited');
      return null;
    }
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await em.nativeDelete(LoginToken, { email, usedAt: null });
    const row = em.create(LoginToken, {
      id: crypto.randomUUID(),
      tokenHash: hashToken(token),
      email,
      expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS),
      usedAt: null,
      createdAt: now,
    });
    await em.persistAndFlush(row);
    const link = signInLinkUrl(publicUrl, token, nextPath ?? undefined);
    return signInEmail(email, link, MAGIC_LINK_TTL_MS / 60_000);
  }

  /** Whether a link is still usable, without using it (the confirmation page calls this). */
  async inspect(token: string): Promise<TokenState> {
    const row = await this.deps.em.findOne(LoginToken, { tokenHash: hashToken(token) });
    return row && !row.usedAt && row.expiresAt > this.deps.clock.now() ? 'valid' : 'invalid';
  }

  /**
   * Uses a link once: a single conditional UPDATE marks it used, so two clicks racing each other
   * cannot both succeed. Returns the signed-in user, or null for an unknown, used or expired link.
   */
  async consume(token: string, seed: { timezone?: string } = {}): Promise<User | null> {
    const { em, clock } = this.deps;
    const now = clock.now();
    const tokenHash = hashToken(token);
    const affected = await em.nativeUpdate(LoginToken, { tokenHash, usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
    if (affected !== 1) return null;
    const row = await em.findOneOrFail(LoginToken, { tokenHash });
    if (!(await this.maySignIn(row.email))) return null;
    const entry = await em.findOne(WaitlistEntry, { email: row.email });
    return new UsersService(em).findOrCreate(row.email, {
      firstName: entry?.firstName,
      lastName: entry?.lastName,
      timezone: seed.timezone,
      now,
    });
  }

  private async maySignIn(email: string): Promise<boolean> {
    if (this.deps.signupMode === 'open') return true;
    const { em } = this.deps;
    if (await new UsersService(em).findByEmail(email)) return true;
    const entry = await em.findOne(WaitlistEntry, { email });
    return !!entry?.invitedAt;
  }
}

/** The emailed link; `next` (already checked to be a path on this site) rides along to the confirmation page. */
export function signInLinkUrl(publicUrl: string, token: string, next?: string): string {
  const link = `${publicUrl}/api/login/verify?token=${encodeURIComponent(token)}`;
  return next && next !== '/' ? `${link}&next=${encodeURIComponent(next)}` : link;
}

/** Removes links that can no longer be used. */
export function purgeExpiredLoginTokens(em: EntityManager, now: Date): Promise<number> {
  return em.nativeDelete(LoginToken, { expiresAt: { $lte: now } });
}
