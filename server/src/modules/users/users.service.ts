import type { EntityManager } from '@mikro-orm/core';
import { isValidTimeZone, mergePreferences, type PreferencesUpdate } from '@dcbrief/shared';
import { AccountMail } from '../account-mail/account-mail.entity.js';
import { LoginToken } from '../auth/login-token.entity.js';
import { Session } from '../sessions/session.entity.js';
import { WaitlistDraft, WaitlistEntry } from '../waitlist/waitlist.entity.js';
import { claimTrial, startTrial } from './trial.js';
import { User } from './user.entity.js';

export class UsersService {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email: email.toLowerCase() });
  }

  /**
   * Finds the user of a verified email or creates one, with names taken from their waitlist entry. A new
   * account starts the free trial (Essential, no card), unless its address had one before, also under an
   * account since deleted (docs/decisions/008).
   */
  async findOrCreate(email: string, seed: { firstName?: string; lastName?: string; timezone?: string; now?: Date }): Promise<User> {
    const existing = await this.findByEmail(email);
    if (existing) return existing;
    const now = seed.now ?? new Date();
    const user = new User();
    user.email = email.toLowerCase();
    user.firstName = seed.firstName ?? '';
    user.lastName = seed.lastName ?? '';
    user.createdAt = now;
    if (seed.timezone && isValidTimeZone(seed.timezone)) user.timezone = seed.timezone;
    // The claim and the account commit together: a failed sign-in leaves the trial unspent.
    await this.em.transactional(async (em) => {
      if (await claimTrial(em, user.email, now)) startTrial(user, now);
      em.persist(user);
    });
    return user;
  }

  /**
   * Deletes an account and what it holds, in one transaction (docs/decisions/009, 117): its sessions (signed
   * out everywhere), the waitlist drafts of those sessions or of its address, its waitlist entry (name and
   * phone), its sign-in links and its account emails; the database cascades its digests with their outbox rows,
   * feedback, episode links and listening positions, and its private podcast feed (the token stops working).
   * Audio episodes are shared by content and voice, so they stay for the subscribers who also have them. Its
   * trial claim stays: a hash, so the address does not get a second trial. Billing is the caller's to stop first.
   */
  async deleteAccount(user: User): Promise<void> {
    await this.em.transactional(async (em) => {
      const sessions = await em.find(Session, { userId: user.id }, { fields: ['id', 'data'] });
      const visitorKeys = sessions.map((s) => s.data?.visitorKey).filter((key): key is string => typeof key === 'string');
      await em.nativeDelete(WaitlistDraft, {
        $or: [{ email: user.email }, ...(visitorKeys.length ? [{ visitorKey: { $in: visitorKeys } }] : [])],
      });
      await em.nativeDelete(Session, { userId: user.id });
      await em.nativeDelete(WaitlistEntry, { email: user.email });
      await em.nativeDelete(LoginToken, { email: user.email });
      await em.nativeDelete(AccountMail, { recipient: user.email });
      await em.nativeDelete(User, { id: user.id });
    });
  }

  async updatePreferences(user: User, update: PreferencesUpdate): Promise<User> {
    const { timezone, ...rest } = update;
    user.preferences = mergePreferences(user.preferences, rest);
    if (timezone) user.timezone = timezone;
    await this.em.flush();
    return user;
  }

  list(limit = 500): Promise<User[]> {
    return this.em.find(User, {}, { orderBy: { createdAt: 'desc' }, limit });
  }
}
