import { createHash } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/knex';
import type { Orm } from '../db/orm.js';
import { AudioSegment } from './audio.entity.js';
import { concat, parseWav, silence, toWav, type Pcm } from './pcm.js';
import type { ScriptSegment } from './script.js';
import type { AudioStore } from './storage.js';
import type { SpeechSynthesizer, VoicePreset } from './tts/port.js';

/** Pause after each sentence, and after a chapter's last one (so chapters are heard apart). */
export const LINE_PAUSE_SEC = 0.35;
export const SEGMENT_PAUSE_SEC = 0.6;

export interface SegmentAudio {
  pcm: Pcm;
  /** Each line's length with its pause, in milliseconds (they add up to the segment's length). */
  lineMs: number[];
}

/** A segment's identity in the cache: the preset and exactly what is said (decision 403). */
export function segmentKey(preset: VoicePreset, segment: ScriptSegment): string {
  return createHash('sha256')
    .update(preset.key)
    .update('\n')
    .update(segment.lines.map((l) => l.spoken).join('\n'))
    .digest('hex');
}

export const segmentFile = (key: string) => `segments/${key.slice(0, 2)}/${key}.wav`;

export interface SynthesisStats {
  synthesised: number;
  reused: number;
  /** Seconds the provider spent, and the seconds of audio it made. */
  synthesisSec: number;
  audioSec: number;
}

/**
 * Each segment synthesised once per (spoken text, preset): found in `audio_segments` and the store, or
 * synthesised (its lines at once, as the provider allows), stored, and recorded. Requests for a segment
 * already being made in this process wait for it.
 */
export class SegmentSynthesizer {
  readonly stats: SynthesisStats = { synthesised: 0, reused: 0, synthesisSec: 0, audioSec: 0 };
  private readonly inFlight = new Map<string, Promise<SegmentAudio>>();

  constructor(private readonly deps: { orm: Orm; tts: SpeechSynthesizer; store: AudioStore }) {}

  get(segment: ScriptSegment, preset: VoicePreset): Promise<SegmentAudio> {
    const key = segmentKey(preset, segment);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.load(key, segment, preset).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async load(key: string, segment: ScriptSegment, preset: VoicePreset): Promise<SegmentAudio> {
    const em = this.deps.orm.em.fork();
    const known = await em.findOne(AudioSegment, { key }, { disableIdentityMap: true });
    if (known) {
      const wav = await this.deps.store.get(segmentFile(key));
      // A file removed from the store (by hand, or a lost bucket) is made again.
      if (wav) {
        this.stats.reused++;
        return { pcm: parseWav(wav), lineMs: known.lineMs };
      }
    }
    console.error('synth', key.slice(0, 8));
    const started = performance.now();
    const lines = await Promise.all(segment.lines.map((l) => this.deps.tts.synthesize(l.spoken, preset)));
    this.stats.synthesisSec += (performance.now() - started) / 1000;
    const rate = lines[0]!.sampleRate;
    const parts: Pcm[] = [];
    const lineMs: number[] = [];
    lines.forEach((line, i) => {
      const pause = silence(rate, LINE_PAUSE_SEC + (i === lines.length - 1 ? SEGMENT_PAUSE_SEC : 0));
      parts.push(line, pause);
      lineMs.push(Math.round(((line.samples.length + pause.samples.length) * 1000) / rate));
    });
    console.error('concat', key.slice(0, 8));
    const pcm = concat(parts);
    this.stats.synthesised++;
    this.stats.audioSec += pcm.samples.length / rate;
    // lineMs is rounded per line: the segment's length is their sum, so timings never drift from chapters.
    await this.deps.store.put(segmentFile(key), toWav(pcm), 'audio/wav');
    console.error('stored', key.slice(0, 8));
    await (em as SqlEntityManager)
      .createQueryBuilder(AudioSegment)
      .insert({
        key,
        presetKey: preset.key,
        sampleRate: rate,
        lineMs,
        durationMs: lineMs.reduce((a, b) => a + b, 0),
        createdAt: new Date(),
      })
      .onConflict('key')
      .ignore()
      .execute();
    console.error('done', key.slice(0, 8));
    return { pcm, lineMs };
  }
}
