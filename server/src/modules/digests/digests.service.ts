import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { digestStats, type DigestStats, type Digest as DigestDto, type DigestListQuery, type DigestStory } from '@dcbrief/shared';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { fromRow } from '../../db/raw-values.js';
import type { User } from '../users/user.entity.js';
import { Digest, DigestContent } from './digest.entity.js';
import { perStatement } from '../../db/per-statement.js';

const DIGEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    ...(digest.content?.changes?.length ? { whatChanged: digest.content.changes } : {}),
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

  /**
   * The user's figures from their sent digests as stored (docs/decisions/307): how many, the distinct
   * outlets behind their stories, and the reading time they saved. Reads the contents' stories as plain
   * rows, each shared content once.
   */
  async stats(user: User): Promise<Omit<DigestStats, 'storyVotes'>> {
    const rows: Array<Record<string, unknown>> = await (this.em as SqlEntityManager)
      .createQueryBuilder(Digest, 'd')
      .select(['d.id', 'd.content'])
      .where({ user, ...SENT })
      .execute('all', false);
    const contentIds = [...new Set(rows.map((r) => r.content_id as string | null).filter((id): id is string => !!id))];
    const storiesOf = new Map<string, DigestStory[]>();
    for (const ids of perStatement(contentIds)) {
      const contents: Array<Record<string, unknown>> = await (this.em as SqlEntityManager)
        .createQueryBuilder(DigestContent, 'c')
        .select(['c.id', 'c.stories'])
        .where({ id: { $in: ids } })
        .execute('all', false);
      for (const c of contents) storiesOf.set(c.id as string, fromRow.json<DigestStory[]>(c.stories) ?? []);
    }
    return digestStats(rows.map((r) => ({ stories: storiesOf.get(r.content_id as string) ?? [] })));
  }

  /** One of the user's own sent digests; another user's digest, or one not sent, is as absent as a missing one. */
  /** An id that is not a UUID names no digest (PostgreSQL would refuse it as a uuid value). */
  async findForUser(user: User, id: string): Promise<Digest | null> {
    if (!DIGEST_ID.test(id)) return null;
    return this.em.findOne(Digest, { id, user, ...SENT }, { populate: ['content'] });
  }
}
