import { EntitySchema } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A subscriber's private calendar of followed events: like the podcast feed (decision 404), its token is shown once
 * in the calendar URL and stored only as a sha256 hash; rotating replaces it and every URL with the old token is 404.
 */
export class CalendarFeed {
  user!: User;
  tokenHash!: string;
  createdAt: Date = new Date();
}

export const CalendarFeedSchema = new EntitySchema<CalendarFeed>({
  class: CalendarFeed,
  tableName: 'calendar_feeds',
  properties: {
    user: { kind: 'm:1', entity: () => User, primary: true, deleteRule: 'cascade' },
    tokenHash: { type: 'string', length: 64, unique: true },
    createdAt: { type: 'datetime' },
  },
});
