import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import { Digest, DigestContent } from '../modules/digests/digest.entity.js';
import { User } from '../modules/users/user.entity.js';
import type { Chapter } from './encode.js';

/**
 * A sentence of a script synthesised once per (spoken text, voice preset): its audio is the MP3 file
 * `segments/xx/<key>.mp3` in the audio store, the sentence and its pause as self-contained CBR frames
 * (decisions 403, 410).
 */
export class AudioSegment {
  /** sha256 of the format, the preset key and the spoken text. */
  key!: string;
  presetKey!: string;
  sampleRate!: number;
  durationMs!: number;
  /** Its exact length (frames times samples per frame) and its file's size. */
  samples = 0;
  bytes = 0;
  createdAt: Date = new Date();
  /** Last put in an episode (to the day): housekeeping removes sentences unused for the retention (decision 412). */
  lastUsedAt: Date | null = null;
}

export const AudioSegmentSchema = new EntitySchema<AudioSegment>({
  class: AudioSegment,
  tableName: 'audio_segments',
  properties: {
    key: { type: 'string', length: 64, primary: true },
    presetKey: { type: 'string', length: 200 },
    sampleRate: { type: 'integer' },
    durationMs: { type: 'integer' },
    samples: { type: 'integer', default: 0 },
    bytes: { type: 'integer', default: 0 },
    createdAt: { type: 'datetime' },
    lastUsedAt: { type: 'datetime', nullable: true, index: true },
  },
});

/**
 * pending -> ready, or failed after every retry; `preparing` while a process holds its lease (a lease that
 * ran out is taken over: preparing is idempotent, decision 403).
 */
export const EPISODE_STATES = ['pending', 'preparing', 'ready', 'failed'] as const;
export type EpisodeState = (typeof EPISODE_STATES)[number];

/** The audio of one digest content in one voice preset, shared by every subscriber who has both. */
export class AudioEpisode {
  id: string = randomUUID();
  content!: DigestContent;
  presetKey!: string;
  state: EpisodeState = 'pending';
  attempts = 0;
  nextAttemptAt!: Date;
  leaseOwner: string | null = null;
  leaseUntil: Date | null = null;
  lastError: string | null = null;
  /** The MP3's key in the audio store (`episodes/<id>.mp3`; the transcript and chapters beside it). */
  fileKey: string | null = null;
  bytes = 0;
  durationMs = 0;
  chapters: Chapter[] = [];
  createdAt: Date = new Date();
  readyAt: Date | null = null;
}

export const AudioEpisodeSchema = new EntitySchema<AudioEpisode>({
  class: AudioEpisode,
  tableName: 'audio_episodes',
  properties: {
    id: { type: 'uuid', primary: true },
    content: { kind: 'm:1', entity: () => DigestContent, deleteRule: 'cascade' },
    presetKey: { type: 'string', length: 200 },
    state: { type: 'string', length: 16 },
    attempts: { type: 'integer', default: 0 },
    nextAttemptAt: { type: 'datetime' },
    leaseOwner: { type: 'string', length: 100, nullable: true },
    leaseUntil: { type: 'datetime', nullable: true },
    lastError: { type: 'text', nullable: true },
    fileKey: { type: 'string', length: 200, nullable: true },
    bytes: { type: 'integer', default: 0 },
    durationMs: { type: 'integer', default: 0 },
    chapters: { type: 'json' },
    createdAt: { type: 'datetime' },
    readyAt: { type: 'datetime', nullable: true },
  },
  uniques: [{ properties: ['content', 'presetKey'] }],
  indexes: [{ properties: ['state', 'nextAttemptAt'] }],
});

/** Which episode a subscriber's digest is read in (their voice when it was prepared). */
export class DigestEpisode {
  digest!: Digest;
  episode!: AudioEpisode;
  /** Where its subscriber stopped listening, in seconds: resumed on any device. */
  positionSec = 0;
  createdAt: Date = new Date();
}

export const DigestEpisodeSchema = new EntitySchema<DigestEpisode>({
  class: DigestEpisode,
  tableName: 'digest_episodes',
  properties: {
    digest: { kind: 'm:1', entity: () => Digest, primary: true, deleteRule: 'cascade' },
    episode: { kind: 'm:1', entity: () => AudioEpisode, deleteRule: 'cascade' },
    positionSec: { type: 'double', default: 0 },
    createdAt: { type: 'datetime' },
  },
});

/**
 * A subscriber's private podcast feed: its token is shown once in the feed URL and stored only as a
 * sha256 hash (rotating replaces it; revoking deletes the row, and every URL with the old token is 404).
 */
export class AudioFeed {
  user!: User;
  tokenHash!: string;
  createdAt: Date = new Date();
}

export const AudioFeedSchema = new EntitySchema<AudioFeed>({
  class: AudioFeed,
  tableName: 'audio_feeds',
  properties: {
    user: { kind: 'm:1', entity: () => User, primary: true, deleteRule: 'cascade' },
    tokenHash: { type: 'string', length: 64, unique: true },
    createdAt: { type: 'datetime' },
  },
});

export const audioEntities = [AudioSegmentSchema, AudioEpisodeSchema, DigestEpisodeSchema, AudioFeedSchema];
