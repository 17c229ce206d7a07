import type { Episode, EpisodeChapter } from '@dcbrief/shared';

/** "Previous story" this far into a story starts it again; earlier, it goes to the one before. */
const RESTART_WITHIN_SEC = 3;

export const isStory = (c: EpisodeChapter): c is EpisodeChapter & { storyId: string } => !!c.storyId;

/** The index of the chapter playing at `time`. */
export function chapterAt(episode: Episode, time: number): number {
  let index = 0;
  episode.chapters.forEach((c, i) => {
    if (time >= c.startSec - 0.05) index = i;
  });
  return index;
}

/** Where "Next story" (1) or "Previous story" (-1) goes from `time`: the start of that chapter, in seconds. */
export function chapterStart(episode: Episode, time: number, step: 1 | -1): number {
  const i = chapterAt(episode, time);
  const target =
    step === -1 && time - episode.chapters[i]!.startSec > RESTART_WITHIN_SEC
      ? i
      : Math.min(Math.max(i + step, 0), episode.chapters.length - 1);
  return episode.chapters[target]!.startSec;
}

/** What the bar says of the chapter at `index`: "Story 2 of 5: <title>", or the title of the intro or outro. */
export function chapterLine(episode: Episode, index: number): string {
  const chapter = episode.chapters[index]!;
  if (!chapter.storyId) return chapter.title;
  const stories = episode.chapters.filter(isStory).length;
  const number = episode.chapters.slice(0, index + 1).filter(isStory).length;
  return `Story ${number} of ${stories}: ${chapter.title}`;
}
