import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import type { ContentDepth, DigestKind, DigestStory, EntityChange } from '@dcbrief/shared';
import { User } from '../users/user.entity.js';

/**
 * The stories of a digest as composed, with their search text: one row for every subscriber who was handed
 * the same selection of the same edition (thousands of subscribers share a few hundred), never changed
 * once written (docs/decisions/306).
 */
export class DigestContent {
  id: string = randomUUID();
  stories: DigestStory[] = [];
  /** The ids of `stories`, in order: what a subscriber received, read without the stories' JSON. */
  storyIds: string[] = [];
  /** Lower-cased title, story titles, summaries and source names, for the digest search. */
  searchText = '';
  /** A weekly summary's "What changed" of the subscriber's followed entities (docs/decisions/311); null: nothing. */
  changes: EntityChange[] | null = null;
  createdAt: Date = new Date();
}

export const DigestContentSchema = new EntitySchema<DigestContent>({
  class: DigestContent,
  tableName: 'digest_contents',
  properties: {
    id: { type: 'uuid', primary: true },
    stories: { type: 'json' },
    storyIds: { type: 'json' },
    searchText: { type: 'text', default: '' },
    changes: { type: 'json', nullable: true },
    createdAt: { type: 'datetime' },
  },
});

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
  /** Its stories (shared with every digest of the same composition). Null only while the digest is being written. */
  content: DigestContent | null = null;
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
    content: { kind: 'm:1', entity: () => DigestContent, nullable: true },
    sentAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
  },
  uniques: [{ properties: ['user', 'kind', 'date', 'slot'] }],
  // Contents no digest holds any more are found by this one (housekeeping).
  indexes: [{ properties: ['user', 'createdAt'] }, { properties: ['content'] }],
});
