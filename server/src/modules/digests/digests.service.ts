import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { Digest as DigestDto, DigestListQuery } from '@dcbrief/shared';
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
    depth: digest.depth,
    quiet: digest.quiet,
    sentAt: digest.sentAt ? digest.sentAt.toISOString() : null,
    stories: digest.content?.stories ?? [],
  };
}

/** Words of a search, lower-cased, without LIKE wildcards (a search for "100%" looks for "100"). */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [
    ...new Set(
      q
        .toLowerCase()
        .replace(/[%_\\]/g, ' ')
        .split(/\s+/)
        .filter(Boolean),
    ),
  ].slice(0, 8);
}

/**
 * A digest is the subscriber's once its email left: the outbox sets `sentAt` when the SMTP server accepted
 * it (or the operator settles an uncertain row as sent). One still pending, being sent, uncertain after a
 * crash, cancelled or failed is not shown, and cannot be rated through the API (docs/decisions/304).
 */
const SENT = { sentAt: { $ne: null } } as const;

export class DigestsService {
  constructor(private readonly em: EntityManager) {}

  /** The user's own sent digests, newest first; with `q`, those whose text holds every word of it. */
  list(user: User, query: DigestListQuery = {}): Promise<Digest[]> {
    const where: FilterQuery<Digest> = { user, ...SENT };
    if (query.kind) where.kind = query.kind;
    const terms = searchTerms(query.q);
    if (terms.length) where.$and = terms.map((t) => ({ content: { searchText: { $like: `%${t}%` } } }));
    return this.em.find(Digest, where, { populate: ['content'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: query.limit ?? 365 });
  }

  /** One of the user's own sent digests; another user's digest, or one not sent, is as absent as a missing one. */
  findForUser(user: User, id: string): Promise<Digest | null> {
    return this.em.findOne(Digest, { id, user, ...SENT }, { populate: ['content'] });
  }
}
