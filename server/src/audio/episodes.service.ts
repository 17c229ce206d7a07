import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { episodeTitle, type Episode, type EpisodeRatings } from '@dcbrief/shared';
import { Digest } from '../modules/digests/digest.entity.js';
import { User } from '../modules/users/user.entity.js';
import { AudioFeed, DigestEpisode, type AudioEpisode } from './audio.entity.js';

/** A subscriber's digest with its episode. */
export interface DigestWithEpisode {
  digest: Digest;
  episode: AudioEpisode;
  positionSec?: number;
}

/** Where an episode's files are fetched: with the session, or inside a private feed (its token in the path). */
export interface EpisodeUrls {
  audio: string;
  download: string;
  transcript: string;
  chapters: string;
}

export const sessionUrls = (digestId: string): EpisodeUrls => ({
  audio: `/api/audio/episodes/${digestId}/audio.mp3`,
  download: `/api/audio/episodes/${digestId}/audio.mp3?download=1`,
  transcript: `/api/audio/episodes/${digestId}/transcript.vtt`,
  chapters: `/api/audio/episodes/${digestId}/chapters.json`,
});

export const feedUrls = (publicUrl: string, token: string, digestId: string): EpisodeUrls => {
  const base = `${publicUrl}/api/audio/feed/${token}/${digestId}`;
  return { audio: `${base}.mp3`, download: `${base}.mp3`, transcript: `${base}.vtt`, chapters: `${base}.chapters.json` };
};

const NOT_RATED: EpisodeRatings = { rating: null, storyVotes: {} };

export function toEpisodeDto(
  { digest, episode, positionSec = 0 }: DigestWithEpisode,
  urls: EpisodeUrls,
  ratings: EpisodeRatings = NOT_RATED,
): Episode {
  return {
    digestId: digest.id,
    kind: digest.kind,
    date: digest.date,
    title: episodeTitle(digest.kind, digest.date),
    storyCount: digest.storyCount,
    state: episode.state,
    durationSec: episode.durationMs / 1000,
    bytes: episode.bytes,
    audioUrl: urls.audio,
    downloadUrl: urls.download,
    transcriptUrl: urls.transcript,
    chaptersUrl: urls.chapters,
    chapters: episode.chapters.map((c) => ({
      title: c.title,
      ...(c.storyId ? { storyId: c.storyId } : {}),
      startSec: c.startMs / 1000,
      endSec: c.endMs / 1000,
    })),
    positionSec,
    rating: ratings.rating,
    storyVotes: ratings.storyVotes,
  };
}

export const EPISODE_LIST_MAX = 100;

export class EpisodesService {
  constructor(private readonly em: EntityManager) {}

  /** The subscriber's digests that have an episode, newest first (Audio Library, the feed). */
  async list(userId: string, options: { readyOnly?: boolean; limit?: number } = {}): Promise<DigestWithEpisode[]> {
    const links = await this.em.find(
      DigestEpisode,
      { digest: { user: userId, sentAt: { $ne: null } }, ...(options.readyOnly ? { episode: { state: 'ready' } } : {}) },
      {
        populate: ['digest', 'episode'],
        orderBy: { digest: { date: 'desc', createdAt: 'desc' } },
        limit: options.limit ?? EPISODE_LIST_MAX,
      },
    );
    return links.map((l) => ({ digest: l.digest, episode: l.episode, positionSec: l.positionSec }));
  }

  /** One digest's episode, only for its owner (anyone else: null, answered 404). */
  async find(userId: string, digestId: string): Promise<DigestWithEpisode | null> {
    const link = await this.em.findOne(
      DigestEpisode,
      { digest: { id: digestId, user: userId, sentAt: { $ne: null } } },
      { populate: ['digest', 'episode'] },
    );
    return link ? { digest: link.digest, episode: link.episode, positionSec: link.positionSec } : null;
  }
}

/** Saves where the owner stopped listening; false when the digest is not theirs (404). */
export async function savePosition(em: EntityManager, userId: string, digestId: string, positionSec: number): Promise<boolean> {
  const found = await em.findOne(DigestEpisode, { digest: { id: digestId, user: userId } }, { fields: ['digest'] });
  if (!found) return false;
  await em.nativeUpdate(DigestEpisode, { digest: digestId }, { positionSec });
  return true;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Private podcast feeds: tokens stored hashed, rotated and revoked by their owner (decision 404). */
export class FeedsService {
  constructor(private readonly em: EntityManager) {}

  async exists(userId: string): Promise<boolean> {
    return (await this.em.count(AudioFeed, { user: userId })) > 0;
  }

  /** A new token (the old one stops working at once); shown to the owner only now. */
  async rotate(userId: string, now: Date): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.em.nativeDelete(AudioFeed, { user: userId });
    await this.em.insert(AudioFeed, { user: userId, tokenHash: hashToken(token), createdAt: now });
    return token;
  }

  async revoke(userId: string): Promise<void> {
    await this.em.nativeDelete(AudioFeed, { user: userId });
  }

  /** The owner of a feed token, or null for an unknown, rotated or revoked one. */
  async ownerOf(token: string): Promise<User | null> {
    if (!/^[\w-]{20,64}$/.test(token)) return null;
    const feed = await this.em.findOne(AudioFeed, { tokenHash: hashToken(token) }, { populate: ['user'] });
    return feed?.user ?? null;
  }
}
