import { flatUUID } from '../../lib/ids.js';
import { EntitySchema } from '@mikro-orm/core';
import type { Interest } from '@dcbrief/shared';
import type { Classification } from '../classify/interests.js';
import type { StorySummaries } from '../summarize/summary.types.js';

/** A cluster of articles about one event, with every source that reported it. */
export class Story {
  id: string = flatUUID();
  title!: string;
  titleLanguage!: string;
  interest!: Interest;
  classification!: Classification;
  summaries!: StorySummaries;
  summarizer = 'extractive';
  articleIds: string[] = [];
  sourceIds: string[] = [];
  languages: string[] = [];
  /** Independent outlets: distinct sources, wire copies of one text counted once. */
  corroboration = 1;
  /** Publication time of its earliest article (what recency is ranked by, never what an edition selects on). */
  firstSeenAt!: Date;
  /** Publication time of its latest article. */
  lastSeenAt!: Date;
  /**
   * When the story became known to us as news: the ingest pass at which it first had a fact sentence.
   * Daily and weekly editions select stories by this, so a story published before a delivery hour but
   * ingested after it goes into the next edition instead of falling into one that already went out.
   * Null while the story has no fact sentence (it is in no edition). docs/decisions/304.
   */
  ingestedAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

/** A story not stored yet, created and updated at `now`. */
export function newStory(now: Date): Story {
  return Object.assign(new Story(), { createdAt: now, updatedAt: now });
}

export const StorySchema = new EntitySchema<Story>({
  class: Story,
  tableName: 'engine_stories',
  properties: {
    id: { type: 'uuid', primary: true },
    title: { type: 'string', length: 1000 },
    titleLanguage: { type: 'string', length: 16 },
    interest: { type: 'string', length: 32, index: true },
    classification: { type: 'json' },
    summaries: { type: 'json' },
    summarizer: { type: 'string', length: 32 },
    articleIds: { type: 'json' },
    sourceIds: { type: 'json' },
    languages: { type: 'json' },
    corroboration: { type: 'integer' },
    firstSeenAt: { type: 'datetime', index: true },
    lastSeenAt: { type: 'datetime', index: true },
    ingestedAt: { type: 'datetime', nullable: true, index: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime', onUpdate: () => new Date() },
  },
});
