import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import { Digest } from '../digests/digest.entity.js';
import { User } from '../users/user.entity.js';

/** A subscriber's rating of one of their digests; rating again updates it. */
export class Feedback {
  id: string = randomUUID();
  user!: User;
  digest!: Digest;
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
    rating: { type: 'integer' },
    comment: { type: 'text', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
  uniques: [{ properties: ['user', 'digest'] }],
  indexes: [{ properties: ['user', 'createdAt'] }],
});
