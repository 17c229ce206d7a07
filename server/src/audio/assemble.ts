import { encodedSilence, id3Tag, podcastChapters, webVtt, type Chapter, type Cue } from './encode.js';
import { countFrames } from './mp3-frames.js';
import type { ScriptSegment } from './script.js';
import { SEGMENT_PAUSE_SEC, type Sentence } from './synthesise.js';

/** One piece of an episode's MP3 after its tag: a cached sentence's frames, or encoded silence. */
export type EpisodePart = { sentence: string } | { silence: Buffer };

export interface EpisodePlan {
  /** The ID3v2 tag with the chapters: the file's first bytes. */
  tag: Buffer;
  parts: EpisodePart[];
  /** The MP3's length in bytes (tag and parts), known before a byte is written. */
  bytes: number;
  vtt: string;
  chaptersJson: string;
  chapters: Chapter[];
  durationMs: number;
}

/**
 * An episode from its sentences' encoded frames (decision 410): its chapters and transcript timed by the
 * frames' sample counts (exact: what a decoder plays), its bytes the tag and then every sentence's frames
 * with encoded silence after each chapter. Nothing is decoded or encoded again.
 */
export function planEpisode(title: string, date: string, script: ScriptSegment[], sentences: Sentence[][]): EpisodePlan {
  const sampleRate = sentences[0]?.[0]?.sampleRate;
  if (!sampleRate) throw new Error('An episode needs at least one sentence');
  const pause = encodedSilence(sampleRate, SEGMENT_PAUSE_SEC);
  const pauseSamples = countFrames(pause).samples;
  const ms = (samples: number) => Math.round((samples * 1000) / sampleRate);
  const chapters: Chapter[] = [];
  const cues: Cue[] = [];
  const parts: EpisodePart[] = [];
  let bytes = 0;
  let at = 0;
  let story = 0;
  script.forEach((segment, i) => {
    const start = at;
    segment.lines.forEach((line, j) => {
      const sentence = sentences[i]![j]!;
      if (sentence.sampleRate !== sampleRate) {
        throw new Error(`Sentences of ${sampleRate} Hz and ${sentence.sampleRate} Hz cannot be joined into one episode`);
      }
      const last = j === segment.lines.length - 1;
      const end = at + sentence.samples + (last ? pauseSamples : 0);
      cues.push({ startMs: ms(at), endMs: ms(end), text: line.text });
      parts.push({ sentence: sentence.key });
      bytes += sentence.bytes;
      if (last) {
        parts.push({ silence: pause });
        bytes += pause.length;
      }
      at = end;
    });
    const id = segment.kind === 'story' ? `story-${++story}` : segment.kind;
    chapters.push({
      id,
      title: segment.title,
      ...(segment.storyId ? { storyId: segment.storyId } : {}),
      startMs: ms(start),
      endMs: ms(at),
    });
  });
  const tag = id3Tag({ title, date, chapters });
  return {
    tag,
    parts,
    bytes: tag.length + bytes,
    vtt: webVtt(cues),
    chaptersJson: JSON.stringify(podcastChapters(chapters)),
    chapters,
    durationMs: ms(at),
  };
}

/** The episode's MP3, a piece at a time (sentences read as they are needed): never the whole file in memory. */
export async function* episodeBytes(plan: EpisodePlan, sentence: (key: string) => Promise<Buffer>): AsyncGenerator<Buffer> {
  yield plan.tag;
  for (const part of plan.parts) yield 'silence' in part ? part.silence : await sentence(part.sentence);
}
