import type { EntityManager } from '@mikro-orm/core';
import { isValidTimeZone, mergePreferences, type PreferencesUpdate } from '@dcbrief/shared';
import { User } from './user.entity.js';

export class UsersService {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email: email.toLowerCase() });
  }

  /** Finds the user of a verified email or creates one, with names taken from their waitlist entry. */
  async findOrCreate(email: string, seed: { firstName?: string; lastName?: string; timezone?: string }): Promise<User> {
    const existing = await this.findByEmail(email);
    if (existing) return existing;
    const user = new User();
    user.email = email.toLowerCase();
    user.firstName = seed.firstName ?? '';
    user.lastName = seed.lastName ?? '';
    if (seed.timezone && isValidTimeZone(seed.timezone)) user.timezone = seed.timezone;
    await this.em.persistAndFlush(user);
    return user;
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
