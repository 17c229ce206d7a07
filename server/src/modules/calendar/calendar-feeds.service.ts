import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../users/user.entity.js';
import { CalendarFeed } from './calendar.entity.js';

/** The key a token is found and counted by: its sha256, never the token itself. */
export const hashCalendarToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token's shape (24 random bytes in base64url); anything else is unknown without a query. */
const TOKEN = /^[\w-]{20,64}$/;

/** Private calendar addresses: tokens stored hashed, made and rotated by their owner (decision 022). */
export class CalendarFeedsService {
  constructor(private readonly em: EntityManager) {}

  async exists(userId: string): Promise<boolean> {
    return (await this.em.count(CalendarFeed, { user: userId })) > 0;
  }

  /** A new token (the old one stops working at once); shown to the owner only now. */
  async rotate(userId: string, now: Date): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.em.nativeDelete(CalendarFeed, { user: userId });
    await this.em.insert(CalendarFeed, { user: userId, tokenHash: hashCalendarToken(token), createdAt: now });
    return token;
  }

  async revoke(userId: string): Promise<void> {
    await this.em.nativeDelete(CalendarFeed, { user: userId });
  }

  /** The owner of a calendar token, or null for an unknown, rotated or revoked one. */
  async ownerOf(token: string): Promise<User | null> {
    if (!TOKEN.test(token)) return null;
    const feed = await this.em.findOne(CalendarFeed, { tokenHash: hashCalendarToken(token) }, { populate: ['user'] });
    return feed?.user ?? null;
  }
}
