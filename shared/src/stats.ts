import type { DigestStats, DigestStory, ThumbsLeaning } from './digests.js';

/**
 * The subscriber's figures, from what their digests really hold (docs/decisions/307, replacing the spec's
 * "digests x 0.75 h" and "digests x 127 sources" of docs/SPEC.md §9): the server counts them from the stored
 * digests (GET /api/digests/stats, `digestStats` below), the home page and the dashboard show them.
 */

/** Average silent reading speed of adults for non-fiction (Brysbaert, 2019: 238 words per minute). */
export const READING_WORDS_PER_MINUTE = 238;

/** Scripts written without spaces between words: words come from Intl.Segmenter's dictionaries. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** A word of a spaced script: letters and digits, with inner apostrophes, dots, commas or hyphens (e.g. "don't", "1,000.5"). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’.,-][\p{L}\p{M}\p{N}]+)*/gu;
let segmenter: Intl.Segmenter | null | undefined;

/**
 * Words of a text in any language. Spaced scripts by a pattern (fast: an edition's sources are megabytes);
 * a text with Chinese, Japanese, Thai, Lao, Khmer or Burmese characters by Intl.Segmenter's word breaks.
 */
export function countWords(text: string): number {
  if (UNSPACED.test(text)) {
    segmenter ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;
    if (segmenter) {
      let words = 0;
      for (const part of segmenter.segment(text)) if (part.isWordLike) words++;
      return words;
    }
  }
  return text.match(WORD)?.length ?? 0;
}

/** Words a subscriber reads of a story in their digest: its title, its summary and its key figures. */
export function storyWords(story: Pick<DigestStory, 'title' | 'summary' | 'keyFigures'>): number {
  let words = countWords(story.title);
  for (const sentence of story.summary) words += countWords(sentence.text);
  for (const figure of story.keyFigures) words += countWords(figure);
  return words;
}

/**
 * The stats of a subscriber's sent digests: how many, the distinct outlets behind their stories, and the
 * reading time saved: the words of the source articles behind each distinct story (counted once, even when
 * a weekly recaps it) minus the words of the digests that carried it (every time it was read), at
 * READING_WORDS_PER_MINUTE. Stories stored before their sources' words were recorded count on neither side.
 */
export function digestStats(digests: ReadonlyArray<{ stories: readonly DigestStory[] }>): Omit<DigestStats, 'storyVotes'> {
  const outlets = new Set<string>();
  const sourceWordsOf = new Map<string, number>();
  let digestWords = 0;
  for (const digest of digests) {
    for (const story of digest.stories) {
      for (const source of story.sources) outlets.add(source.id);
      if (story.sourceWords === undefined) continue;
      sourceWordsOf.set(story.id, Math.max(sourceWordsOf.get(story.id) ?? 0, story.sourceWords));
      digestWords += storyWords(story);
    }
  }
  let sourceWords = 0;
  for (const words of sourceWordsOf.values()) sourceWords += words;
  return {
    digests: digests.length,
    outlets: outlets.size,
    sourceWords,
    digestWords,
    minutesSaved: Math.max(0, Math.floor((sourceWords - digestWords) / READING_WORDS_PER_MINUTE)),
  };
}

export interface IntelligenceStats {
  digests: number;
  /** Reading time saved in hours, rounded down to a tenth. */
  hoursSaved: number;
  /** Distinct outlets behind the stories received. */
  outlets: number;
  /** Mean rating to one decimal (digests as read and audio episodes alike); 0 when there is no feedback. */
  averageRating: number;
  /** Stories given a thumb up and down from the audio player. */
  storiesUp: number;
  storiesDown: number;
  /** Where those thumbs steer the next digests (none from an older server). */
  leaning?: ThumbsLeaning;
}

/** The cards' figures: the server's stats (none yet counts as zero) and the mean of the ratings (docs/SPEC.md §9). */
export function computeStats(
  stats: (Omit<DigestStats, 'storyVotes'> & Partial<Pick<DigestStats, 'storyVotes'>>) | null | undefined,
  ratings: ReadonlyArray<number | null | undefined>,
): IntelligenceStats {
  const values = ratings.map((r) => (typeof r === 'number' && Number.isFinite(r) ? r : 0));
  const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  return {
    digests: stats?.digests ?? 0,
    hoursSaved: Math.floor((stats?.minutesSaved ?? 0) / 6) / 10,
    outlets: stats?.outlets ?? 0,
    averageRating: Math.round(mean * 10) / 10,
    storiesUp: stats?.storyVotes?.up ?? 0,
    storiesDown: stats?.storyVotes?.down ?? 0,
    ...(stats?.storyVotes?.leaning ? { leaning: stats.storyVotes.leaning } : {}),
  };
}
