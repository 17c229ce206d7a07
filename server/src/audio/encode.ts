import { Mp3Encoder } from '@breezystack/lamejs';
import NodeID3 from 'node-id3';
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
