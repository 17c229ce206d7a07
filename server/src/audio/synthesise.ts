import { createHash } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/knex';
import type { Orm } from '../db/orm.js';
import { AudioSegment } from './audio.entity.js';
import { concat, parseWav, silence, toWav, type Pcm } from './pcm.js';
import type { ScriptLine, ScriptSegment } from './script.js';
import type { AudioStore } from './storage.js';
import type { SpeechSynthesizer, VoicePreset } from './tts/port.js';

/** Pause after each sentence, and after a chapter's last one (so chapters are heard apart). */
export const LINE_PAUSE_SEC = 0.35;
export const SEGMENT_PAUSE_SEC = 0.6;
/** Sentences' audio kept in memory between episodes of a pass (samples; 16 M is 32 MB). */
const MEMORY_SAMPLES = 16_000_000;

export interface SegmentAudio {
  pcm: Pcm;
  /** Each line's length with its pause, in milliseconds (they add up to the segment's length). */
  lineMs: number[];
}

/**
 * A spoken sentence's identity in the cache: the preset and exactly what is said (decision 403). The unit is
 * the sentence, not the chapter: a story read at another place in another digest ("Story 2 of 5" against
 * "Story 1 of 3"), or a frame line every story shares ("Reported by 3 outlets."), is synthesised once.
 */
export function sentenceKey(preset: VoicePreset, line: Pick<ScriptLine, 'spoken'>): string {
  return createHash('sha256').update(preset.key).update('\n').update(line.spoken).digest('hex');
}

export const sentenceFile = (key: string) => `segments/${key.slice(0, 2)}/${key}.wav`;

export interface SynthesisStats {
  /** Sentences synthesised, and found already made (in memory, or in the store). */
  synthesised: number;
  reused: number;
  /** Seconds the provider spent (summed over concurrent requests), and the seconds of speech it made. */
  synthesisSec: number;
  audioSec: number;
}

/**
 * Each sentence synthesised once per (spoken text, preset): found in memory, or in `audio_segments` and the
 * store, or synthesised, stored and recorded. Requests for a sentence already being made in this process
 * wait for it. A chapter's audio is its sentences with their pauses.
 */
export class SegmentSynthesizer {
  readonly stats: SynthesisStats = { synthesised: 0, reused: 0, synthesisSec: 0, audioSec: 0 };
  private readonly inFlight = new Map<string, Promise<Pcm>>();
  private readonly memory = new Map<string, Pcm>();
  private memorySamples = 0;

  constructor(private readonly deps: { orm: Orm; tts: SpeechSynthesizer; store: AudioStore }) {}

  async get(segment: ScriptSegment, preset: VoicePreset): Promise<SegmentAudio> {
    const lines = await Promise.all(segment.lines.map((line) => this.sentence(line, preset)));
    const parts: Pcm[] = [];
    const lineMs: number[] = [];
    lines.forEach((line, i) => {
      const pause = silence(line.sampleRate, LINE_PAUSE_SEC + (i === lines.length - 1 ? SEGMENT_PAUSE_SEC : 0));
      parts.push(line, pause);
      // Rounded per line: the chapter's length is their sum, so timings never drift from chapters.
      lineMs.push(Math.round(((line.samples.length + pause.samples.length) * 1000) / line.sampleRate));
    });
    const pcm = concat(parts);
    // The chapter is exactly as long as its timings say (rounding to milliseconds moves it by under one per line).
    const samples = Math.round((lineMs.reduce((a, b) => a + b, 0) * pcm.sampleRate) / 1000);
    return { pcm: samples === pcm.samples.length ? pcm : fit(pcm, samples), lineMs };
  }

  private sentence(line: ScriptLine, preset: VoicePreset): Promise<Pcm> {
    const key = sentenceKey(preset, line);
    const cached = this.memory.get(key);
    if (cached) {
      this.stats.reused++;
      return Promise.resolve(cached);
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.load(key, line, preset)
        .then((pcm) => this.remember(key, pcm))
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    } else {
      this.stats.reused++;
    }
    return pending;
  }

  private remember(key: string, pcm: Pcm): Pcm {
    this.memory.set(key, pcm);
    this.memorySamples += pcm.samples.length;
    for (const [old, clip] of this.memory) {
      if (this.memorySamples <= MEMORY_SAMPLES) break;
      this.memory.delete(old);
      this.memorySamples -= clip.samples.length;
    }
    return pcm;
  }

  private async load(key: string, line: ScriptLine, preset: VoicePreset): Promise<Pcm> {
    const em = this.deps.orm.em.fork();
    const known = await em.findOne(AudioSegment, { key }, { disableIdentityMap: true });
    if (known) {
      const wav = await this.deps.store.get(sentenceFile(key));
      // A file removed from the store (by hand, or a lost bucket) is made again.
      if (wav) {
        this.stats.reused++;
        return parseWav(wav);
      }
    }
    const started = performance.now();
    const pcm = await this.deps.tts.synthesize(line.spoken, preset);
    this.stats.synthesisSec += (performance.now() - started) / 1000;
    this.stats.synthesised++;
    this.stats.audioSec += pcm.samples.length / pcm.sampleRate;
    await this.deps.store.put(sentenceFile(key), toWav(pcm), 'audio/wav');
    await (em as SqlEntityManager)
      .createQueryBuilder(AudioSegment)
      .insert({
        key,
        presetKey: preset.key,
        sampleRate: pcm.sampleRate,
        durationMs: Math.round((pcm.samples.length * 1000) / pcm.sampleRate),
        createdAt: new Date(),
      })
      .onConflict('key')
      .ignore()
      .execute();
    return pcm;
  }
}

/** A clip cut or padded with silence to `samples`. */
function fit(pcm: Pcm, samples: number): Pcm {
  const out = new Int16Array(samples);
  out.set(pcm.samples.subarray(0, samples));
  return { sampleRate: pcm.sampleRate, samples: out };
}
