import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A subscriber follows an entity of the news (engine_entities): its stories come first in their daily digest, the
 * weekly summary opens with what changed about it. `entityId` is the id followed; a merge later is resolved on read.
 */
export class Follow {
  id: string = randomUUID();
  user!: User;
  entityId!: string;
  createdAt: Date = new Date();
}

export const FollowSchema = new EntitySchema<Follow>({
  class: Follow,
  tableName: 'follows',
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => User, deleteRule: 'cascade' },
    entityId: { type: 'string', length: 80, index: true },
    createdAt: { type: 'datetime' },
  },
  uniques: [{ properties: ['user', 'entityId'] }],
});
