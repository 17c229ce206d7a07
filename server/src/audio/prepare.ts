import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { mergePreferences, type DigestKind, type DigestStory, type Preferences } from '@dcbrief/shared';
import { leaseOwner } from '../db/lease.js';
import type { Orm } from '../db/orm.js';
import { fromRow } from '../db/raw-values.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { Digest, DigestContent } from '../modules/digests/digest.entity.js';
import { AudioEpisode, DigestEpisode } from './audio.entity.js';
import { episodeBytes, planEpisode } from './assemble.js';
import { buildScript, spokenDate } from './script.js';
import type { AudioStore } from './storage.js';
import { SegmentSynthesizer } from './synthesise.js';
import type { SpeechSynthesizer } from './tts/port.js';

/** The same backoff and lease as the delivery outbox (delivery/send.ts: 1, 5, 15, 60 minutes; 10 minutes). */
export const RETRY_DELAYS_MIN = [1, 5, 15, 60];
export const LEASE_MS = 10 * 60_000;
/** Episodes claimed at once by one process. */
const CLAIM = 8;
/**
 * Episodes joined at once: joining is reading and writing bytes (decision 410); synthesis is bounded by the
 * provider's own parallelism (Flite's worker pool). Each holds one sentence's frames in memory at a time.
 */
const CONCURRENT_EPISODES = 4;
/** Digests looked at for audio: those composed in the last days (older ones keep what they have). */
const LOOK_BACK_MS = 3 * 24 * 3600_000;
const PAGE = 1000;

export interface AudioDeps {
  orm: Orm;
  tts: SpeechSynthesizer;
  store: AudioStore;
  clock: Clock;
  logger: Logger;
  config: { maxAttempts: number };
}

export interface PrepareSummary {
  /** Premium digests given an episode (new or shared). */
  linked: number;
  /** Digests of subscribers whose voice style no provider preset matches: logged, tried again next pass. */
  unknownStyle: number;
  ready: number;
  retrying: number;
  failed: number;
  segments: { synthesised: number; reused: number; synthesisSec: number; audioSec: number; encodeSec: number };
}

export const episodeFiles = (id: string) => ({
  mp3: `episodes/${id}.mp3`,
  vtt: `episodes/${id}.vtt`,
  chapters: `episodes/${id}.chapters.json`,
});

/**
 * One preparation pass (decision 403): give every recent digest of an active premium subscriber with audio
 * on an episode of its content in their voice (shared with everyone who has both), then prepare the episodes
 * that are due, under a lease, retrying failures with the outbox's backoff. Safe to run again, in two
 * processes at once, or after a crash (a lease that ran out is taken over; segments already made are reused).
 */
export async function prepareAudio(deps: AudioDeps, options: { shouldStop?: () => boolean } = {}): Promise<PrepareSummary> {
  const now = deps.clock.now();
  const segments = new SegmentSynthesizer(deps);
  const summary: PrepareSummary = { linked: 0, unknownStyle: 0, ready: 0, retrying: 0, failed: 0, segments: segments.stats };
  const planned = await linkEpisodes(deps, now);
  summary.linked = planned.linked;
  summary.unknownStyle = planned.unknownStyle;
  while (!options.shouldStop?.()) {
    const owner = leaseOwner();
    const claimed = await claimEpisodes(deps.orm.em.fork(), owner, deps.clock.now());
    if (!claimed.length) break;
    const queue = [...claimed];
    const worker = async () => {
      for (let id = queue.shift(); id; id = queue.shift()) await prepareOne(deps, segments, id, owner, summary);
    };
    await Promise.all(Array.from({ length: CONCURRENT_EPISODES }, worker));
  }
  return summary;
}

interface CandidateRow {
  digestId: string;
  contentId: string;
  userId: string;
  preferences: Partial<Preferences> | null;
}

/** Links each recent premium digest without an episode to the episode of (content, preset), creating it once. */
async function linkEpisodes(deps: AudioDeps, now: Date): Promise<{ linked: number; unknownStyle: number }> {
  let linked = 0;
  let unknownStyle = 0;
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  let after: string | null = null;
  for (;;) {
    const em = deps.orm.em.fork() as SqlEntityManager;
    const qb = em
      .createQueryBuilder(Digest, 'd')
      .select(['d.id', 'd.content_id'])
      .addSelect(['u.id as user_id', 'u.preferences'])
      .join('d.user', 'u')
      .where({
        createdAt: { $gte: since },
        quiet: false,
        storyCount: { $gt: 0 },
        content: { $ne: null },
        user: { subscriptionTier: 'premium', subscriptionStatus: 'active' },
        ...(after ? { id: { $gt: after } } : {}),
      })
      .andWhere('not exists (select 1 from digest_episodes de where de.digest_id = d.id)')
      .orderBy({ id: 'asc' })
      .limit(PAGE);
    const rows: CandidateRow[] = (await qb.execute<Array<Record<string, unknown>>>('all', false)).map((r) => ({
      digestId: r.id as string,
      contentId: r.content_id as string,
      userId: r.user_id as string,
      preferences: fromRow.json<Partial<Preferences> | null>(r.preferences),
    }));
    if (!rows.length) break;
    after = rows[rows.length - 1]!.digestId;
    const wanted: Array<{ digestId: string; contentId: string; presetKey: string }> = [];
    for (const row of rows) {
      const prefs = mergePreferences(row.preferences, {});
      // The Audio Intelligence Settings' "generate audio digest" toggle.
      if (!prefs.audio.enabled) continue;
      try {
        wanted.push({ digestId: row.digestId, contentId: row.contentId, presetKey: deps.tts.preset(prefs.audio.voiceStyle).key });
      } catch (err) {
        unknownStyle++;
        deps.logger.error(
          { err, user: row.userId, digest: row.digestId },
          'audio: no voice preset for this style; the digest gets no episode until it is fixed (retried every pass)',
        );
      }
    }
    if (!wanted.length) continue;
    await em.fork().transactional(async (tx) => {
      const sql = tx as unknown as SqlEntityManager;
      const pairs = new Map(wanted.map((w) => [`${w.contentId}|${w.presetKey}`, w]));
      const fresh = [...pairs.values()].map((w) => ({
        id: randomUUID(),
        content: w.contentId,
        presetKey: w.presetKey,
        state: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
        bytes: 0,
        durationMs: 0,
        chapters: [],
        createdAt: now,
      }));
      for (let i = 0; i < fresh.length; i += 100) {
        await sql
          .createQueryBuilder(AudioEpisode)
          .insert(fresh.slice(i, i + 100))
          .onConflict(['content', 'presetKey'])
          .ignore()
          .execute();
      }
      const episodes = await tx.find(
        AudioEpisode,
        { content: { $in: [...new Set(wanted.map((w) => w.contentId))] } },
        { fields: ['id', 'presetKey', 'content'], disableIdentityMap: true },
      );
      const byPair = new Map(episodes.map((e) => [`${e.content.id}|${e.presetKey}`, e.id]));
      const links = wanted.map((w) => ({
        digest: w.digestId,
        episode: byPair.get(`${w.contentId}|${w.presetKey}`)!,
        positionSec: 0,
        createdAt: now,
      }));
      for (let i = 0; i < links.length; i += 200) {
        await sql
          .createQueryBuilder(DigestEpisode)
          .insert(links.slice(i, i + 200))
          .onConflict('digest')
          .ignore()
          .execute();
      }
    });
    linked += wanted.length;
  }
  return { linked, unknownStyle };
}

/**
 * Claims due episodes for `owner`: pending ones whose next attempt has come, and `preparing` ones whose
 * holder's lease ran out (it crashed). One conditional update: two processes never hold the same episode.
 */
async function claimEpisodes(em: EntityManager, owner: string, realNow: Date): Promise<string[]> {
  const due = {
    $or: [
      { state: 'pending' as const, nextAttemptAt: { $lte: realNow } },
      { state: 'preparing' as const, leaseUntil: { $lt: realNow } },
    ],
  };
  const candidates = await em.find(AudioEpisode, due, {
    fields: ['id'],
    orderBy: { nextAttemptAt: 'asc', id: 'asc' },
    limit: CLAIM,
    disableIdentityMap: true,
  });
  if (!candidates.length) return [];
  await em.nativeUpdate(
    AudioEpisode,
    { id: { $in: candidates.map((c) => c.id) }, ...due },
    { state: 'preparing', leaseOwner: owner, leaseUntil: new Date(realNow.getTime() + LEASE_MS) },
  );
  return (await em.find(AudioEpisode, { leaseOwner: owner, state: 'preparing' }, { fields: ['id'], disableIdentityMap: true })).map(
    (e) => e.id,
  );
}

async function prepareOne(
  deps: AudioDeps,
  segments: SegmentSynthesizer,
  id: string,
  owner: string,
  summary: PrepareSummary,
): Promise<void> {
  const em = deps.orm.em.fork();
  const episode = await em.findOneOrFail(AudioEpisode, { id }, { populate: ['content'] });
  try {
    // Every digest holding an episode has its content, hence its kind and date: any one tells them.
    const link = await em.findOne(DigestEpisode, { episode: id }, { populate: ['digest'] });
    if (!link) throw new Error('no digest holds this episode any more');
    const digest = link.digest;
    const content = episode.content as DigestContent;
    const script = buildScript({ kind: digest.kind as DigestKind, date: digest.date, stories: content.stories as DigestStory[] });
    const presetStyle = stylesOf(deps.tts).get(episode.presetKey);
    if (!presetStyle) throw new Error(`the voice preset ${episode.presetKey} is no longer configured`);
    const preset = deps.tts.preset(presetStyle);
    const sentences = await segments.sentences(script, preset);
    const title = `DC Brief ${digest.kind === 'weekly' ? 'weekly summary' : digest.kind === 'breaking' ? 'breaking alert' : 'daily brief'}, ${spokenDate(digest.date)}`;
    const made = planEpisode(title, digest.date, script, sentences);
    const files = episodeFiles(id);
    await deps.store.put(files.vtt, Buffer.from(made.vtt), 'text/vtt');
    await deps.store.put(files.chapters, Buffer.from(made.chaptersJson), 'application/json+chapters');
    // Streamed from the sentences' frames: the episode is never whole in memory.
    await deps.store.putStream(
      files.mp3,
      episodeBytes(made, (key) => segments.bytes(key)),
      made.bytes,
      'audio/mpeg',
    );
    await segments.touch(
      sentences.flat().map((s) => s.key),
      deps.clock.now(),
    );
    const now = deps.clock.now();
    await em.nativeUpdate(
      AudioEpisode,
      { id, leaseOwner: owner },
      {
        state: 'ready',
        fileKey: files.mp3,
        bytes: made.bytes,
        durationMs: made.durationMs,
        chapters: made.chapters,
        readyAt: now,
        leaseOwner: null,
        leaseUntil: null,
        lastError: null,
      },
    );
    summary.ready++;
  } catch (err) {
    const attempts = episode.attempts + 1;
    const giveUp = attempts >= deps.config.maxAttempts;
    const delayMin = RETRY_DELAYS_MIN[Math.min(attempts - 1, RETRY_DELAYS_MIN.length - 1)]!;
    const now = deps.clock.now();
    await em.nativeUpdate(
      AudioEpisode,
      { id, leaseOwner: owner },
      {
        state: giveUp ? 'failed' : 'pending',
        attempts,
        nextAttemptAt: new Date(now.getTime() + delayMin * 60_000),
        lastError: String((err as Error).message ?? err).slice(0, 500),
        leaseOwner: null,
        leaseUntil: null,
      },
    );
    if (giveUp) summary.failed++;
    else summary.retrying++;
    deps.logger.error(
      { err, episode: id, attempts, giveUp },
      giveUp ? 'audio episode failed after every attempt' : 'audio episode failed; retrying',
    );
  }
}

/** Preset key -> style, for the provider as configured now. */
function stylesOf(tts: SpeechSynthesizer): Map<string, string> {
  const map = new Map<string, string>();
  for (const style of ['professional', 'conversational', 'news']) {
    try {
      map.set(tts.preset(style).key, style);
    } catch {
      /* a provider without this style */
    }
  }
  return map;
}
