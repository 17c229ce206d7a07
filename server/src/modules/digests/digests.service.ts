import type { EntityManager } from '@mikro-orm/core';
import type { Digest as DigestDto } from '@dcbrief/shared';
import type { User } from '../users/user.entity.js';
import { Digest } from './digest.entity.js';

export function toDigestDto(digest: Digest): DigestDto {
  return {
    id: digest.id,
    kind: digest.kind,
    date: digest.date,
    title: digest.title,
    storyCount: digest.storyCount,
    createdAt: digest.createdAt.toISOString(),
  };
}

export class DigestsService {
  constructor(private readonly em: EntityManager) {}

  /** The user's own digests, newest first. */
  listForUser(user: User, limit = 365): Promise<Digest[]> {
    return this.em.find(Digest, { user }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  /** One of the user's own digests; another user's digest is as absent as a missing one. */
  findForUser(user: User, id: string): Promise<Digest | null> {
    return this.em.findOne(Digest, { id, user });
  }
}
