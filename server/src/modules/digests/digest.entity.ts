import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import type { ContentDepth, DigestKind, DigestStory } from '@dcbrief/shared';
import { User } from '../users/user.entity.js';

/**
 * One subscriber's digest for one edition date: what was (or will be) sent to them, stored as sent
 * so the web app shows exactly the email's content. Composed before sending (the outbox row links it);
 * the API shows it only once `sentAt` is set (docs/decisions/304).
 */
export class Digest {
  id: string = randomUUID();
  user!: User;
  kind!: DigestKind;
  /** The subscriber's local edition date, YYYY-MM-DD. */
  date!: string;
  /** '' for daily and weekly digests; the story id of a breaking alert (several alerts may share a date). */
  slot = '';
  title!: string;
  storyCount = 0;
  depth: ContentDepth = 'standard';
  /** A short "quiet day" note instead of an empty digest. */
  quiet = false;
  stories: DigestStory[] = [];
  /** Lower-cased title, story titles, summaries and source names, for the digest search. */
  searchText = '';
  /** When the SMTP server accepted the email; null until then, and for ever if it was cancelled or failed. */
  sentAt: Date | null = null;
  createdAt: Date = new Date();
}

export const DigestSchema = new EntitySchema<Digest>({
  class: Digest,
  tableName: 'digests',
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => User, deleteRule: 'cascade' },
    kind: { type: 'string', length: 16 },
    date: { type: 'string', length: 10 },
    slot: { type: 'string', length: 64, default: '' },
    title: { type: 'string', length: 300 },
    storyCount: { type: 'integer' },
    depth: { type: 'string', length: 16, default: 'standard' },
    quiet: { type: 'boolean', default: false },
    stories: { type: 'json', nullable: true },
    searchText: { type: 'text', default: '' },
    sentAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
  },
  uniques: [{ properties: ['user', 'kind', 'date', 'slot'] }],
  indexes: [{ properties: ['user', 'createdAt'] }],
});
