import type { SqlEntityManager } from '@mikro-orm/knex';
import type { Orm } from '../db/orm.js';
import { AudioEpisode, AudioSegment } from './audio.entity.js';
import { episodeFiles } from './prepare.js';
import type { AudioStore } from './storage.js';
import { sentenceFile } from './synthesise.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const PAGE = 200;

/** Where a sentence of the first design (decision 403: WAV, keyed without a format) was kept. */
const wavFile = (key: string) => `segments/${key.slice(0, 2)}/${key}.wav`;

export interface AudioRemoved {
  episodes: number;
  sentences: number;
  /** Files no row names (a crash between a row's deletion and its files', or mid-write), an hour old or more. */
  orphanFiles: number;
}

/**
 * Housekeeping's share of audio (decision 412), for either store: episodes no digest of the last
 * `retentionDays` holds (the Audio Library and the feed list only those of digests that hold one, so they
 * stop listing it; an episode whose digests were all deleted with their account goes too, before its content
 * would take its row and leave its files), and cached sentences no episode used for as long. An episode's row goes first, under the
 * same condition checked again, then its files: a listed episode never lacks its file. A sentence's file goes
 * first, then its row if still unused: a preparation that wanted it meanwhile made it again (decision 403).
 */
export async function removeOldAudio(deps: { orm: Orm; store: AudioStore }, now: Date, retentionDays: number): Promise<AudioRemoved> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY);
  // An episode is linked to its digests in the transaction that makes it: an hour old, it is held or orphaned.
  const madeBefore = new Date(now.getTime() - HOUR);
  const episodes = await removeEpisodes(deps, cutoff, madeBefore);
  const sentences = await removeSentences(deps, cutoff);
  return { episodes, sentences, orphanFiles: await removeOrphanFiles(deps, madeBefore) };
}

/**
 * Files of the store that no row names: an episode's or a sentence's files whose row is gone (a crash after the
 * row was deleted and before its files were; a content purged with its episodes), and a temporary file a crash
 * left mid-write. Only files an hour old or more, so a preparation writing a file before its row commits is
 * never in the way. Checked a page of keys at a time against the rows.
 */
async function removeOrphanFiles({ orm, store }: { orm: Orm; store: AudioStore }, madeBefore: Date): Promise<number> {
  let removed = 0;
  const sweep = async (prefix: string, idOf: (key: string) => string | null, known: (ids: string[]) => Promise<Set<string>>) => {
    let page: Array<{ key: string; id: string | null }> = [];
    const flush = async () => {
      const ids = [...new Set(page.flatMap((f) => (f.id ? [f.id] : [])))];
      const kept = ids.length ? await known(ids) : new Set<string>();
      const orphans = page.filter((f) => !f.id || !kept.has(f.id));
      await Promise.all(orphans.map((f) => store.delete(f.key)));
      removed += orphans.length;
      page = [];
    };
    for await (const file of store.list(prefix)) {
      if (file.modifiedAt >= madeBefore) continue;
      const id = file.key.endsWith('.tmp') ? null : idOf(file.key);
      // A name this code does not write is not ours to judge: kept.
      if (id === null && !file.key.endsWith('.tmp')) continue;
      page.push({ key: file.key, id });
      if (page.length >= PAGE) await flush();
    }
    await flush();
  };
  const episodeId = (key: string) => /^episodes\/([0-9a-f-]{36})\.(mp3|vtt|chapters\.json)$/.exec(key)?.[1] ?? null;
  const sentenceKey = (key: string) => /^segments\/[0-9a-f]{2}\/([0-9a-f]{64})\.(mp3|wav)$/.exec(key)?.[1] ?? null;
  await sweep('episodes/', episodeId, async (ids) => {
    const rows = await orm.em.fork().find(AudioEpisode, { id: { $in: ids } }, { fields: ['id'], disableIdentityMap: true });
    return new Set(rows.map((r) => r.id));
  });
  await sweep('segments/', sentenceKey, async (keys) => {
    const rows = await orm.em.fork().find(AudioSegment, { key: { $in: keys } }, { fields: ['key'], disableIdentityMap: true });
    return new Set(rows.map((r) => r.key));
  });
  return removed;
}

/** No digest made since the cutoff holds the episode whose id is `ref`. */
const unheld = (ref: string) =>
  `not exists (select 1 from digest_episodes de join digests d on d.id = de.digest_id where de.episode_id = ${ref} and d.created_at >= ?)`;

async function removeEpisodes({ orm, store }: { orm: Orm; store: AudioStore }, cutoff: Date, madeBefore: Date): Promise<number> {
  let removed = 0;
  let after = '';
  for (;;) {
    const em = orm.em.fork() as SqlEntityManager;
    const page = await em
      .createQueryBuilder(AudioEpisode, 'e')
      .select('id')
      .where({ createdAt: { $lt: madeBefore }, id: { $gt: after } })
      .andWhere(unheld('e.id'), [cutoff])
      .orderBy({ id: 'asc' })
      .limit(PAGE)
      .execute<Array<{ id: string }>>('all', false);
    if (!page.length) return removed;
    after = page[page.length - 1]!.id;
    for (const { id } of page) {
      const gone = await em
        .createQueryBuilder(AudioEpisode)
        .delete({ id, createdAt: { $lt: madeBefore } })
        .andWhere(unheld('audio_episodes.id'), [cutoff])
        .execute('run');
      if (!((gone as { affectedRows?: number }).affectedRows ?? 0)) continue;
      const files = episodeFiles(id);
      await Promise.all([store.delete(files.mp3), store.delete(files.vtt), store.delete(files.chapters)]);
      removed++;
    }
  }
}

async function removeSentences({ orm, store }: { orm: Orm; store: AudioStore }, cutoff: Date): Promise<number> {
  let removed = 0;
  let after = '';
  const stale = (extra: object) => ({
    ...extra,
    $or: [{ lastUsedAt: { $lt: cutoff } }, { lastUsedAt: null, createdAt: { $lt: cutoff } }],
  });
  for (;;) {
    const em = orm.em.fork();
    const page = await em.find(AudioSegment, stale({ key: { $gt: after } }), {
      fields: ['key', 'bytes'],
      orderBy: { key: 'asc' },
      limit: PAGE,
      disableIdentityMap: true,
    });
    if (!page.length) return removed;
    after = page[page.length - 1]!.key;
    await Promise.all(page.map((s) => store.delete(s.bytes > 0 ? sentenceFile(s.key) : wavFile(s.key))));
    removed += await em.nativeDelete(AudioSegment, stale({ key: { $in: page.map((s) => s.key) } }));
  }
}
