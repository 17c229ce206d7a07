import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import { Digest } from '../digests/digest.entity.js';
import { User } from '../users/user.entity.js';

/** What a rating is about: the digest as read (email, web app) or its audio episode (the player). */
export type FeedbackMedium = 'text' | 'audio';

/** A subscriber's rating of one of their digests, once per medium; rating again updates it. */
export class Feedback {
  id: string = randomUUID();
  user!: User;
  digest!: Digest;
  medium: FeedbackMedium = 'text';
  rating!: number;
  comment: string | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const FeedbackSchema = new EntitySchema<Feedback>({
  class: Feedback,
  tableName: 'feedback',
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => User, deleteRule: 'cascade' },
    digest: { kind: 'm:1', entity: () => Digest, deleteRule: 'cascade' },
    medium: { type: 'string', length: 8, default: 'text' },
    rating: { type: 'integer' },
    comment: { type: 'text', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
  uniques: [{ properties: ['user', 'digest', 'medium'] }],
  indexes: [{ properties: ['user', 'createdAt'] }],
});

/** A subscriber's thumb up (+1) or down (-1) on one story of one of their digests, from the audio player. */
export class StoryFeedback {
  id: string = randomUUID();
  user!: User;
  digest!: Digest;
  storyId!: string;
  vote!: 1 | -1;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const StoryFeedbackSchema = new EntitySchema<StoryFeedback>({
  class: StoryFeedback,
  tableName: 'story_feedback',
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => User, deleteRule: 'cascade' },
    digest: { kind: 'm:1', entity: () => Digest, deleteRule: 'cascade' },
    storyId: { type: 'string', length: 64 },
    vote: { type: 'smallint' },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
  uniques: [{ properties: ['user', 'digest', 'storyId'] }],
});
