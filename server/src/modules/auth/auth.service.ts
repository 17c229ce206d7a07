import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { raw, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { MAGIC_LINK_TTL_MS, SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_MAX_TRIES } from '@dcbrief/shared';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { MailMessage } from '../../mail/mailer.js';
import { signInEmail } from '../../mail/templates/account-emails.js';
import type { AccountMailQueue } from '../account-mail/account-mail.queue.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { WaitlistDraft, WaitlistEntry } from '../waitlist/waitlist.entity.js';
import { LoginToken } from './login-token.entity.js';
import { SignInRequest } from './sign-in-request.entity.js';

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
  /** The key of the codes' hashes (`signInCodeKey(SESSION_SECRET)`): a copy of the database alone cannot test codes. */
  codeKey: Buffer;
}

/** The codes' hash key, derived from the session secret so that it is never the secret itself. */
export function signInCodeKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('dcbrief sign-in code v1').digest();
}

/** A fresh code: SIGN_IN_CODE_LENGTH uniformly random digits (randomInt has no modulo bias). */
export function newSignInCode(): string {
  return String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0');
}

/** "4821 0937": the code as the email shows it, in two groups. */
export function groupSignInCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)} ${code.slice(half)}`;
}

/**
 * What a sign-in starts the account with when it is new (the browser's time zone), and the key of the waitlist
 * draft the browser saved before signing in, which ends with the visitor's session.
 */
export interface SignInSeed {
  timezone?: string;
  visitorKey?: string;
}

/** What a code try came to; `wrong` says how many tries the request has left. */
export type CodeOutcome =
  { kind: 'signed-in'; user: User } | { kind: 'wrong'; triesLeft: number } | { kind: 'expired' } | { kind: 'locked' };

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
    const { em, accountMail, clock } = this.deps;
    const now = clock.now();
    const id = await em.transactional(async (tx) => {
      // The page the link opens after sign-in travels in the row (a path on this site, checked by the route).
      const row = accountMail.enqueue(tx, SIGN_IN_MAIL, email, { nextPath: options.next && options.next !== '/' ? options.next : null });
      // A new request: the code count starts again (the older code dies when the new email is made).
      await tx.upsert(
        SignInRequest,
        { email, requestedAt: now, expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS), codeTries: 0 },
        { onConflictFields: ['email'] },
      );
      return row.id;
    });
    accountMail.kick(id);
    return id;
  }

  /**
   * The sign-in email for an outbox row: a new link, which makes the address's older unused links
   * invalid (only the newest email works), or nothing when the address may not sign in.
   */
  async signInMessage(email: string, nextPath: string | null = null): Promise<MailMessage | null> {
    const { em, clock, logger, publicUrl } = this.deps;
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + MAGIC_LINK_TTL_MS);
    // For every address, allowed or not: the code's minutes start when its email goes (a retried send comes late).
    await em.nativeUpdate(SignInRequest, { email }, { expiresAt });
    if (!(await this.maySignIn(email))) {
      logger.info({ emailDomain: email.split('@')[1] }, 'sign-in refused: not invited');
      return null;
    }
    const token = randomBytes(32).toString('base64url');
    const code = newSignInCode();
    await em.nativeDelete(LoginToken, { email, usedAt: null });
    const row = em.create(LoginToken, {
      id: crypto.randomUUID(),
      tokenHash: hashToken(token),
      email,
      expiresAt,
      codeHash: this.codeHash(email, code),
      usedAt: null,
      createdAt: now,
    });
    await em.persistAndFlush(row);
    const link = signInLinkUrl(publicUrl, token, nextPath ?? undefined);
    return signInEmail(email, link, MAGIC_LINK_TTL_MS / 60_000, groupSignInCode(code));
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
  async consume(token: string, seed: SignInSeed = {}): Promise<User | null> {
    const { em, clock } = this.deps;
    const now = clock.now();
    const tokenHash = hashToken(token);
    const affected = await em.nativeUpdate(LoginToken, { tokenHash, usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
    if (affected !== 1) return null;
    const row = await em.findOneOrFail(LoginToken, { tokenHash });
    // The link and the code are one: the request's code is spent with the link.
    await em.nativeDelete(SignInRequest, { email: row.email, requestedAt: { $lte: row.createdAt } });
    return this.signInAs(row.email, seed, now);
  }

  /**
   * A code typed on any device (POST /api/login/code). Every try does the same work whatever the address: count
   * the try on the address's request (one conditional UPDATE, so parallel guesses cannot exceed the tries),
   * hash the code, look for a live link, compare in constant time. A request locked by wrong tries refuses even
   * the right code (the emailed link still works); the right code uses the link as well.
   */
  async verifyCode(email: string, code: string, seed: SignInSeed = {}): Promise<CodeOutcome> {
    const { em, clock } = this.deps;
    const now = clock.now();
    const counted = await em.nativeUpdate(
      SignInRequest,
      { email, codeTries: { $lt: SIGN_IN_CODE_MAX_TRIES }, expiresAt: { $gt: now } },
      { codeTries: raw('code_tries + 1') as unknown as number },
    );
    const request = await em.findOne(SignInRequest, { email }, { disableIdentityMap: true });
    const presented = Buffer.from(this.codeHash(email, code), 'hex');
    // Only a link made for the newest request: an older email's code is dead the moment a new one is asked for.
    // A plain row, not an entity: finding one costs what finding none does.
    const live: { id: string; codeHash: string | null } | undefined = await (em as SqlEntityManager)
      .createQueryBuilder(LoginToken)
      .select(['id', 'codeHash'])
      .where({ email, usedAt: null, expiresAt: { $gt: now }, createdAt: { $gte: request?.requestedAt ?? now } })
      .orderBy({ createdAt: 'desc' })
      .limit(1)
      .execute('get');
    const stored = Buffer.from(live?.codeHash ?? '0'.repeat(64), 'hex');
    const matches = timingSafeEqual(presented, stored) && !!live?.codeHash;
    if (counted !== 1) return request && request.expiresAt > now ? { kind: 'locked' } : { kind: 'expired' };
    if (matches && live) {
      const used = await em.nativeUpdate(LoginToken, { id: live.id, usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
      if (used === 1) {
        await em.nativeDelete(SignInRequest, { email });
        const user = await this.signInAs(email, seed, now);
        if (user) return { kind: 'signed-in', user };
        return { kind: 'expired' };
      }
    }
    const triesLeft = Math.max(0, SIGN_IN_CODE_MAX_TRIES - (request?.codeTries ?? SIGN_IN_CODE_MAX_TRIES));
    // An operator sees guessing in the log: the address's domain, never the address or the code.
    if (triesLeft === 0) this.deps.logger.warn({ emailDomain: email.split('@')[1] }, 'sign-in code locked after its last wrong try');
    return { kind: 'wrong', triesLeft };
  }

  private codeHash(email: string, code: string): string {
    return createHmac('sha256', this.deps.codeKey).update(`${email}\n${code}`).digest('hex');
  }

  private async signInAs(email: string, seed: SignInSeed, now: Date): Promise<User | null> {
    const { em } = this.deps;
    if (!(await this.maySignIn(email))) return null;
    const entry = await em.findOne(WaitlistEntry, { email });
    const user = await new UsersService(em).findOrCreate(email, {
      firstName: entry?.firstName,
      lastName: entry?.lastName,
      timezone: seed.timezone,
      now,
    });
    // The signed-in session does not carry the visitor's key: nothing could reach the draft after this, not even
    // the account's deletion, which removes the drafts of the account's sessions (docs/decisions/117).
    if (seed.visitorKey) await em.nativeDelete(WaitlistDraft, { visitorKey: seed.visitorKey });
    return user;
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

/** Removes links, and requests whose code, that can no longer be used. */
export async function purgeExpiredLoginTokens(em: EntityManager, now: Date): Promise<number> {
  const tokens = await em.nativeDelete(LoginToken, { expiresAt: { $lte: now } });
  await em.nativeDelete(SignInRequest, { expiresAt: { $lte: now } });
  return tokens;
}
