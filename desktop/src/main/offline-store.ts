import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import {
  DESKTOP_OFFLINE_BRIEFS,
  digestSchema,
  episodeSchema,
  userSchema,
  type DesktopOfflineCopy,
  type Digest,
  type Episode,
  type User,
} from '@dcbrief/shared';
import { JsonFile } from './json-file.js';

const copySchema = z.object({
  updatedAt: z.string(),
  user: userSchema.nullable(),
  digests: z.array(digestSchema),
  episode: episodeSchema.nullable(),
});

export interface OfflineLimits {
  /** Largest briefs file: older briefs are dropped until the copy fits. */
  maxBriefBytes: number;
  /** Largest audio file kept: a longer episode is not downloaded. */
  maxAudioBytes: number;
}

/** 7 briefs are ~150 KB at the detailed depth; 64 kbps audio is ~0.5 MB a minute. */
/** An episode's transcript is a few tens of KB; anything far larger is not what the server sends. */
export const TRANSCRIPT_MAX_BYTES = 2 * 1024 * 1024;

export const DEFAULT_OFFLINE_LIMITS: OfflineLimits = { maxBriefBytes: 4 * 1024 * 1024, maxAudioBytes: 150 * 1024 * 1024 };

/**
 * What the desktop app keeps in its data folder for reading without a network (docs/decisions/605): the
 * latest brief and the ones before it (DESKTOP_OFFLINE_BRIEFS), the subscriber as last seen, and for premium
 * subscribers the latest episode's MP3. Every file is replaced whole, so a crash leaves the previous copy.
 */
export class OfflineStore {
  private readonly briefs: JsonFile<DesktopOfflineCopy>;
  private readonly audioDir: string;

  constructor(
    dir: string,
    private readonly limits: OfflineLimits = DEFAULT_OFFLINE_LIMITS,
  ) {
    this.briefs = new JsonFile(path.join(dir, 'briefs.json'), copySchema);
    this.audioDir = path.join(dir, 'audio');
  }

  read(): Promise<DesktopOfflineCopy | null> {
    return this.briefs.read();
  }

  /**
   * Keeps `digests` (newest first; the first DESKTOP_OFFLINE_BRIEFS of them, fewer when they would pass the
   * size cap) and the user; the stored episode stays unless `episode` is given. Returns the number kept.
   */
  async saveBriefs(copy: { updatedAt: Date; user: User | null; digests: Digest[]; episode?: Episode | null }): Promise<number> {
    const previous = await this.read();
    const episode = copy.episode !== undefined ? copy.episode : (previous?.episode ?? null);
    let digests = copy.digests.slice(0, DESKTOP_OFFLINE_BRIEFS);
    for (;;) {
      const value: DesktopOfflineCopy = { updatedAt: copy.updatedAt.toISOString(), user: copy.user, digests, episode };
      if (Buffer.byteLength(JSON.stringify(value)) <= this.limits.maxBriefBytes || digests.length === 0) {
        await this.briefs.write(value);
        return digests.length;
      }
      digests = digests.slice(0, -1);
    }
  }

  /** The MP3 on disk for a digest's episode, or null. */
  audioFile(digestId: string): Promise<string | null> {
    return this.episodeFile(digestId, '.mp3');
  }

  /** The transcript (WebVTT) on disk for a digest's episode, or null: the player's transcript offline. */
  transcriptFile(digestId: string): Promise<string | null> {
    return this.episodeFile(digestId, '.vtt');
  }

  private async episodeFile(digestId: string, extension: '.mp3' | '.vtt'): Promise<string | null> {
    if (!/^[\w-]+$/.test(digestId)) return null;
    const file = path.join(this.audioDir, `${digestId}${extension}`);
    try {
      return (await stat(file)).isFile() ? file : null;
    } catch {
      return null;
    }
  }

  /**
   * Writes an episode's audio from `body` (and its transcript, when given and within TRANSCRIPT_MAX_BYTES) and
   * records the episode; the previous episode's files go once the new ones are whole. Refuses (returns false,
   * keeps the previous one) an episode larger than the cap.
   */
  async saveEpisode(episode: Episode, body: ReadableStream<Uint8Array>, transcript?: string | null): Promise<boolean> {
    if (!/^[\w-]+$/.test(episode.digestId) || episode.bytes > this.limits.maxAudioBytes) {
      await body.cancel().catch(() => {});
      return false;
    }
    await mkdir(this.audioDir, { recursive: true });
    const file = path.join(this.audioDir, `${episode.digestId}.mp3`);
    const tmp = `${file}.${process.pid}.tmp`;
    let written = 0;
    const max = this.limits.maxAudioBytes;
    const cap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        written += chunk.length;
        done(written > max ? new Error('episode larger than the offline cap') : null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>), cap, createWriteStream(tmp));
    } catch {
      await rm(tmp, { force: true });
      return false;
    }
    await rename(tmp, file);
    const keep = [path.basename(file)];
    if (transcript && Buffer.byteLength(transcript) <= TRANSCRIPT_MAX_BYTES) {
      const vtt = path.join(this.audioDir, `${episode.digestId}.vtt`);
      await writeFile(`${vtt}.${process.pid}.tmp`, transcript, 'utf8');
      await rename(`${vtt}.${process.pid}.tmp`, vtt);
      keep.push(path.basename(vtt));
    }
    const copy = await this.read();
    if (copy) await this.briefs.write({ ...copy, episode });
    for (const name of await readdir(this.audioDir)) {
      if (!keep.includes(name)) await rm(path.join(this.audioDir, name), { force: true });
    }
    return true;
  }

  /** Signing out, or another server: nothing of the previous subscriber stays on disk. */
  async clear(): Promise<void> {
    await this.briefs.remove();
    await rm(this.audioDir, { recursive: true, force: true });
  }
}
