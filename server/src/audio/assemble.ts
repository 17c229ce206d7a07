import { encodeMp3, id3Tag, podcastChapters, webVtt, type Chapter, type Cue } from './encode.js';
import { concat } from './pcm.js';
import type { ScriptSegment } from './script.js';
import type { SegmentAudio } from './synthesise.js';

export interface AssembledEpisode {
  mp3: Buffer;
  vtt: string;
  chaptersJson: string;
  chapters: Chapter[];
  durationMs: number;
}

/**
 * The episode from its segments' audio: one PCM stream encoded once, its chapters and transcript timed
 * from the segments' line lengths (so they match the audio to the millisecond of the PCM, not the MP3
 * frame grid: under 36 ms at 16 kHz).
 */
export function assembleEpisode(title: string, date: string, segments: ScriptSegment[], audio: SegmentAudio[]): AssembledEpisode {
  const chapters: Chapter[] = [];
  const cues: Cue[] = [];
  let at = 0;
  let story = 0;
  segments.forEach((segment, i) => {
    const start = at;
    segment.lines.forEach((line, j) => {
      const ms = audio[i]!.lineMs[j]!;
      cues.push({ startMs: at, endMs: at + ms, text: line.text });
      at += ms;
    });
    const id = segment.kind === 'story' ? `story-${++story}` : segment.kind;
    chapters.push({ id, title: segment.title, ...(segment.storyId ? { storyId: segment.storyId } : {}), startMs: start, endMs: at });
  });
  const pcm = concat(audio.map((a) => a.pcm));
  const mp3 = Buffer.concat([id3Tag({ title, date, chapters }), encodeMp3(pcm)]);
  return { mp3, vtt: webVtt(cues), chaptersJson: JSON.stringify(podcastChapters(chapters)), chapters, durationMs: at };
}
