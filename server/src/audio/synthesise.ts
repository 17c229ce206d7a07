import { createHash } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/knex';
import pLimit from 'p-limit';
import type { Orm } from '../db/orm.js';
import type { Clock } from '../lib/clock.js';
import { AudioSegment } from './audio.entity.js';
import { EPISODE_KBPS, encodeSentence } from './encode.js';
import { countFrames } from './mp3-frames.js';
import type { ScriptLine, ScriptSegment } from './script.js';
import type { AudioStore } from './storage.js';
import type { SpeechSynthesizer, VoicePreset } from './tts/port.js';

/** Pause after each sentence (encoded with it), and after a chapter's last one (so chapters are heard apart). */
export const LINE_PAUSE_SEC = 0.35;
export const SEGMENT_PAUSE_SEC = 0.6;
/** What a cached sentence is: part of its key, so a change of format never reuses files of the old one. */
const SENTENCE_FORMAT = `mp3 cbr ${EPISODE_KBPS} kbps mono, ${LINE_PAUSE_SEC} s pause`;
/**
 * Encoded sentences kept in memory between episodes of a pass (16 MB is about 35 minutes of speech; the rest
 * is read from the store, from the page cache for files).
 */
const MEMORY_BYTES = 16 * 1024 * 1024;
/** Rows looked up per query. */
const LOOKUP = 500;

/** A sentence as encoded frames: what an episode is joined from (decision 410). */
export interface Sentence {
  key: string;
  sampleRate: number;
  /** Its length, pause included: its frames times their samples. */
  samples: number;
  bytes: number;
}

/**
 * A spoken sentence's identity in the cache: the format, the preset and exactly what is said (decisions 403,
 * 410). The unit is the sentence, not the chapter: a story read at another place in another digest ("Story 2
 * of 5" against "Story 1 of 3"), or a frame line every story shares ("Reported by 3 outlets."), is made once.
 */
export function sentenceKey(preset: VoicePreset, line: Pick<ScriptLine, 'spoken'>): string {
  return createHash('sha256').update(SENTENCE_FORMAT).update('\n').update(preset.key).update('\n').update(line.spoken).digest('hex');
}

export const sentenceFile = (key: string) => `segments/${key.slice(0, 2)}/${key}.mp3`;

export class SentenceLostError extends Error {}

export interface SynthesisStats {
  /** Sentences synthesised, and found already made (in memory, in flight, or in the store). */
  synthesised: number;
  reused: number;
  /** Seconds the provider spent (summed over concurrent requests), and the seconds of speech it made. */
  synthesisSec: number;
  audioSec: number;
  /** Seconds spent encoding sentences to MP3 (once each). */
  encodeSec: number;
}

interface Cached {
  mp3: Buffer;
  sentence: Sentence;
}

/**
 * Each sentence synthesised and encoded once per (spoken text, preset): found in memory, or in
 * `audio_segments` and the store, or synthesised, encoded, stored and recorded. Requests for a sentence being
 * made in this process wait for it. An episode is then its sentences' bytes one after another.
 */
export class SegmentSynthesizer {
  readonly stats: SynthesisStats = { synthesised: 0, reused: 0, synthesisSec: 0, audioSec: 0, encodeSec: 0 };
  private readonly inFlight = new Map<string, Promise<Cached>>();
  private readonly memory = new Map<string, Cached>();
  private memoryBytes = 0;
  /** Synthesis and encoding requests in flight: the provider's own parallelism, no more. */
  private readonly limit: ReturnType<typeof pLimit>;

  constructor(private readonly deps: { orm: Orm; tts: SpeechSynthesizer; store: AudioStore; clock: Clock }) {
    this.limit = pLimit(deps.tts.parallelism ?? 2);
  }

  /** Every line of the script made (or found), per segment and line. */
  async sentences(script: ScriptSegment[], preset: VoicePreset): Promise<Sentence[][]> {
    const keyed = script.map((segment) => segment.lines.map((line) => ({ line, key: sentenceKey(preset, line) })));
    const unknown = [...new Set(keyed.flat().map((k) => k.key))].filter((key) => !this.memory.has(key) && !this.inFlight.has(key));
    const rows = new Map<string, AudioSegment>();
    const em = this.deps.orm.em.fork();
    for (let i = 0; i < unknown.length; i += LOOKUP) {
      for (const row of await em.find(AudioSegment, { key: { $in: unknown.slice(i, i + LOOKUP) } }, { disableIdentityMap: true })) {
        rows.set(row.key, row);
      }
    }
    return Promise.all(keyed.map((lines) => Promise.all(lines.map(({ line, key }) => this.sentence(key, line, preset, rows.get(key))))));
  }

  /** A sentence's bytes, for joining into an episode: from memory, else from the store. */
  async bytes(key: string): Promise<Buffer> {
    const cached = this.memory.get(key);
    if (cached) return cached.mp3;
    const mp3 = await this.deps.store.get(sentenceFile(key));
    if (!mp3) throw new SentenceLostError(`sentence ${key} is missing from the audio store`);
    return mp3;
  }

  /** Marks sentences as used now (housekeeping keeps what was used within the retention; at most a write a day). */
  async touch(keys: string[], now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    const unique = [...new Set(keys)];
    const em = this.deps.orm.em.fork();
    for (let i = 0; i < unique.length; i += LOOKUP) {
      await em.nativeUpdate(
        AudioSegment,
        { key: { $in: unique.slice(i, i + LOOKUP) }, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: dayAgo } }] },
        { lastUsedAt: now },
      );
    }
  }

  private async sentence(key: string, line: ScriptLine, preset: VoicePreset, row: AudioSegment | undefined): Promise<Sentence> {
    const cached = this.memory.get(key);
    if (cached) {
      this.stats.reused++;
      // Most recently used last: the oldest are dropped first.
      this.memory.delete(key);
      this.memory.set(key, cached);
      return cached.sentence;
    }
    let pending = this.inFlight.get(key);
    if (pending) {
      this.stats.reused++;
    } else {
      pending = this.load(key, line, preset, row)
        .then((made) => this.remember(key, made))
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return (await pending).sentence;
  }

  private remember(key: string, made: Cached): Cached {
    this.memory.set(key, made);
    this.memoryBytes += made.mp3.length;
    for (const [old, clip] of this.memory) {
      if (this.memoryBytes <= MEMORY_BYTES) break;
      this.memory.delete(old);
      this.memoryBytes -= clip.mp3.length;
    }
    return made;
  }

  private async load(key: string, line: ScriptLine, preset: VoicePreset, known: AudioSegment | undefined): Promise<Cached> {
    // Not looked up with the episode's other sentences when it was in memory then; it may have left memory
    // since (the 10,000-subscriber benchmark made some sentences twice that way): the database says.
    const row = known ?? (await this.deps.orm.em.fork().findOne(AudioSegment, { key }, { disableIdentityMap: true })) ?? undefined;
    if (row && row.bytes > 0) {
      const mp3 = await this.deps.store.get(sentenceFile(key));
      // A file removed from the store (by hand, housekeeping, a lost bucket) or cut short is made again.
      if (mp3 && mp3.length === row.bytes) {
        this.stats.reused++;
        return { mp3, sentence: { key, sampleRate: row.sampleRate, samples: row.samples, bytes: row.bytes } };
      }
    }
    const { mp3, frames } = await this.limit(async () => {
      const started = performance.now();
      const pcm = await this.deps.tts.synthesize(line.spoken, preset);
      const encodeStarted = performance.now();
      this.stats.synthesisSec += (encodeStarted - started) / 1000;
      this.stats.synthesised++;
      this.stats.audioSec += pcm.samples.length / pcm.sampleRate;
      const encoded = encodeSentence(pcm, LINE_PAUSE_SEC);
      const counted = countFrames(encoded);
      this.stats.encodeSec += (performance.now() - encodeStarted) / 1000;
      return { mp3: encoded, frames: counted };
    });
    await this.deps.store.put(sentenceFile(key), mp3, 'audio/mpeg');
    const sentence: Sentence = { key, sampleRate: frames.sampleRate, samples: frames.samples, bytes: mp3.length };
    const now = this.deps.clock.now();
    const made = {
      sampleRate: sentence.sampleRate,
      samples: sentence.samples,
      bytes: sentence.bytes,
      durationMs: Math.round((sentence.samples * 1000) / sentence.sampleRate),
      lastUsedAt: now,
    };
    // A row whose file was lost is brought up to the file made now.
    await (this.deps.orm.em.fork() as SqlEntityManager)
      .createQueryBuilder(AudioSegment)
      .insert({ key, presetKey: preset.key, createdAt: now, ...made })
      .onConflict('key')
      .merge(made)
      .execute();
    return { mp3, sentence };
  }
}
