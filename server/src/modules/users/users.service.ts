import type { EntityManager } from '@mikro-orm/core';
import { isValidTimeZone, mergePreferences, type PreferencesUpdate } from '@dcbrief/shared';
import { Session } from '../sessions/session.entity.js';
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
   * Deletes an account with its digests, outbox rows and feedback (the database cascades). Its trial claim
   * stays: the address does not get a second trial.
   */
  async deleteAccount(user: User): Promise<void> {
    await this.em.transactional(async (em) => {
      await em.nativeDelete(Session, { userId: user.id });
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
