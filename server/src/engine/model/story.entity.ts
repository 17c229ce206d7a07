import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import type { Interest } from '@dcbrief/shared';
import type { Classification } from '../classify/interests.js';
import type { StorySummaries } from '../summarize/summary.types.js';

/** A cluster of articles about one event, with every source that reported it. */
export class Story {
  id: string = randomUUID();
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
  firstSeenAt!: Date;
  lastSeenAt!: Date;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
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
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime', onUpdate: () => new Date() },
  },
});
