import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import type { DigestKind } from '@dcbrief/shared';
import { User } from '../users/user.entity.js';

/** One subscriber's digest for one edition date: what was (or will be) sent to them. */
export class Digest {
  id: string = randomUUID();
  user!: User;
  kind!: DigestKind;
  /** The subscriber's local edition date, YYYY-MM-DD. */
  date!: string;
  title!: string;
  storyCount = 0;
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
    title: { type: 'string', length: 300 },
    storyCount: { type: 'integer' },
    createdAt: { type: 'datetime' },
  },
  uniques: [{ properties: ['user', 'kind', 'date'] }],
  indexes: [{ properties: ['user', 'createdAt'] }],
});
