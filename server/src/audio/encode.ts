import { Mp3Encoder } from '@breezystack/lamejs';
import NodeID3 from 'node-id3';
import { countFrames, frameHeader } from './mp3-frames.js';
import type { Pcm } from './pcm.js';

/** Constant bit rate of every episode: clear speech, about 0.5 MB a minute (issue 12). */
export const EPISODE_KBPS = 64;

/** A chapter: the intro, one per story, the outro, with its place in the episode. */
export interface Chapter {
  /** "intro", "story-1", ... "outro": the ID3 CHAP element id. */
  id: string;
  title: string;
  storyId?: string;
  startMs: number;
  endMs: number;
}

/** One transcript cue: a sentence as shown in the digest, timed. */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

export interface EpisodeTags {
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  chapters: Chapter[];
}

/** Samples encoded per call: a multiple of an MPEG frame (1152 at 32 kHz and up, 576 below). */
const BLOCK = 1152 * 20;

/** Mono PCM as a CBR MP3 stream (lamejs, a pure-JavaScript port of LAME: no native code, no ffmpeg). */
export function encodeMp3(pcm: Pcm, kbps = EPISODE_KBPS): Buffer {
  const encoder = new Mp3Encoder(1, pcm.sampleRate, kbps);
  const parts: Buffer[] = [];
  for (let at = 0; at < pcm.samples.length; at += BLOCK) {
    const out = encoder.encodeBuffer(pcm.samples.subarray(at, at + BLOCK));
    if (out.length) parts.push(Buffer.from(out.buffer, out.byteOffset, out.length));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(Buffer.from(tail.buffer, tail.byteOffset, tail.length));
  return Buffer.concat(parts);
}

/**
 * Samples an encoded stream adds to its input: LAME's encoder delay (576 plus the MDCT's) at the start and the
 * last frame's padding at the end, 1,100 to 1,700 at 16 kHz. Taken off a sentence's trailing pause so that the
 * sentence with its pause lasts about as long as meant; its exact length is its frames' (decision 410).
 */
const ENCODER_OVERHEAD_SAMPLES = 1440;

/**
 * A sentence followed by its pause, encoded on its own as a complete CBR stream: lamejs's encoder keeps no bit
 * reservoir and writes no Xing/Info frame, so its frames need nothing from frames before them, and sentences
 * encoded apart are joined into an episode by putting their bytes one after another (decision 410).
 */
export function encodeSentence(pcm: Pcm, pauseSec: number, kbps = EPISODE_KBPS): Buffer {
  const pause = Math.max(0, Math.round(pcm.sampleRate * pauseSec) - ENCODER_OVERHEAD_SAMPLES);
  const samples = new Int16Array(pcm.samples.length + pause);
  samples.set(pcm.samples);
  return encodeMp3({ sampleRate: pcm.sampleRate, samples }, kbps);
}

const silentFrames = new Map<string, Buffer>();

/** `seconds` of silence as whole encoded frames (one silent frame, made once per rate, repeated). */
export function encodedSilence(sampleRate: number, seconds: number, kbps = EPISODE_KBPS): Buffer {
  const id = `${sampleRate}/${kbps}`;
  let frame = silentFrames.get(id);
  if (!frame) {
    // A frame from the middle of encoded silence: past the encoder's start-up, before its flush.
    const stream = encodeMp3({ sampleRate, samples: new Int16Array(sampleRate) }, kbps);
    let at = 0;
    for (let i = 0; i < 8; i++) at += frameHeader(stream, at)!.bytes;
    frame = Buffer.from(stream.subarray(at, at + frameHeader(stream, at)!.bytes));
    countFrames(frame);
    silentFrames.set(id, frame);
  }
  const spf = frameHeader(frame, 0)!.samplesPerFrame;
  const count = Math.max(1, Math.round((seconds * sampleRate) / spf));
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

/**
 * An ID3v2 tag with the episode's title and date and its chapters: one CHAP frame per chapter (with its
 * title as TIT2) and one ordered top-level CTOC listing them, as podcast apps read them.
 */
export function id3Tag(tags: EpisodeTags): Buffer {
  return NodeID3.create({
    title: tags.title,
    artist: 'DC Brief',
    album: 'DC Brief audio digest',
    year: tags.date.slice(0, 4),
    genre: 'Podcast',
    chapter: tags.chapters.map((c) => ({
      elementID: c.id,
      startTimeMs: c.startMs,
      endTimeMs: c.endMs,
      tags: { title: c.title },
    })),
    tableOfContents: [{ elementID: 'toc', isOrdered: true, elements: tags.chapters.map((c) => c.id), tags: { title: 'Stories' } }],
  });
}

/** The transcript as WebVTT, a cue per sentence. */
export function webVtt(cues: Cue[]): string {
  const stamp = (ms: number) => {
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor(ms / 60_000) % 60;
    const s = Math.floor(ms / 1000) % 60;
    return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
  };
  // A cue's text may not hold "-->" or a blank line (it would end the cue).
  const clean = (t: string) => t.replace(/-->/g, '->').replace(/\s*\n\s*/g, ' ');
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${stamp(c.startMs)} --> ${stamp(c.endMs)}\n${clean(c.text)}\n`).join('\n')}`;
}

/** Podcasting 2.0 JSON chapters (podcast:chapters, version 1.2.0). */
export function podcastChapters(chapters: Chapter[]): {
  version: string;
  chapters: Array<{ startTime: number; endTime: number; title: string }>;
} {
  return {
    version: '1.2.0',
    chapters: chapters.map((c) => ({ startTime: c.startMs / 1000, endTime: c.endMs / 1000, title: c.title })),
  };
}
