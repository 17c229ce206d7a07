import type { SqlEntityManager } from '@mikro-orm/knex';
import type { Orm } from '../db/orm.js';
import { perStatement } from '../db/per-statement.js';
import { DigestEpisode } from './audio.entity.js';

/**
 * Delivery's `EpisodeLookup` (decision 407): which of a batch's digests have a ready episode, and how long it
 * is, in one query per batch (the email's "Listen (N min)" line is filled at send time).
 */
export class ReadyEpisodes {
  constructor(private readonly orm: Orm) {}

  async readyEpisodes(digestIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const em = this.orm.em.fork() as SqlEntityManager;
    for (const ids of perStatement([...new Set(digestIds)])) {
      const rows: Array<Record<string, unknown>> = await em
        .createQueryBuilder(DigestEpisode, 'de')
        .select(['de.digest_id', 'e.duration_ms'])
        .join('de.episode', 'e')
        .where({ digest: { $in: ids }, episode: { state: 'ready' } })
        .execute('all', false);
      for (const r of rows) out.set(r.digest_id as string, Number(r.duration_ms) / 1000);
    }
    return out;
  }
}
