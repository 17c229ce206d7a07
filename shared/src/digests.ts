import { z } from 'zod';
import { cleanText } from './text.js';
import { entityRefSchema } from './entities.js';
import { CONTENT_DEPTHS, INTERESTS, type Interest } from './preferences.js';
import { entityChangeSchema } from './follows.js';
import { INTEREST_LABELS } from './preference-options.js';

export const DIGEST_KINDS = ['daily', 'weekly', 'breaking'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];

/** One outlet that reported a story, with the address of its article (or its site when no article is known). */
export const digestSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  language: z.string(),
});
export type DigestSource = z.infer<typeof digestSourceSchema>;

/**
 * One fact of a summary, shown once, and every source (ids into the story's `sources`) that states it,
 * in any language. `language` is the language of `text`.
 */
export const digestSentenceSchema = z.object({
  text: z.string(),
  language: z.string(),
  sourceIds: z.array(z.string()),
  /** The text is a machine translation from this language. */
  translatedFrom: z.string().optional(),
  /** False: no source states it in the reader's language and it could not be translated; shown with its language mark. */
  inReaderLanguage: z.boolean().optional(),
});
export type DigestSentence = z.infer<typeof digestSentenceSchema>;

/** A story as the subscriber received it: the summary is at the depth they had chosen at the time. */
export const digestStorySchema = z.object({
  id: z.string(),
  title: z.string(),
  interest: z.enum(INTERESTS),
  /** How many independent outlets report the story. */
  corroboration: z.number().int(),
  languages: z.array(z.string()),
  summary: z.array(digestSentenceSchema),
  /** Labelled figures ("Capacity: 60 MW", "Budget: EUR 850 million"); filled at the detailed depth. */
  keyFigures: z.array(z.string()),
  sources: z.array(digestSourceSchema),
  firstSeenAt: z.string(),
  /**
   * Outside the subscriber's interests: included because it passed the must-know bar, or because nothing
   * new was in their interests (docs/decisions/307). Shown "Outside your topics". Absent means false.
   */
  outsideInterests: z.boolean().optional(),
  /**
   * The entities the subscriber follows that the story names (docs/decisions/311): such stories come first in a
   * daily brief, shown "Following: <name>". Absent means none (and in digests composed before follows).
   */
  followed: z.array(entityRefSchema).optional(),
  /**
   * Words of the source articles behind the story when it was composed (the reading-time estimate of
   * GET /api/digests/stats). Absent in digests composed before it was recorded.
   */
  sourceWords: z.number().int().nonnegative().optional(),
  /**
   * The companies, sites and places the story names, those it is about first (at most
   * DIGEST_STORY_ENTITIES_MAX), recorded when it was composed: links to their pages. Absent in digests composed
   * before entities were recorded.
   */
  entities: z.array(entityRefSchema).optional(),
});
/** At most this many entities per story of a digest. */
export const DIGEST_STORY_ENTITIES_MAX = 6;
export type DigestStory = z.infer<typeof digestStorySchema>;

/** The weekly summary's first section: the stories naming an entity the subscriber follows (docs/decisions/311). */
export const FOLLOWING_SECTION_TITLE = 'Following';

/** Where a story of a weekly summary stands: the title of its section, and whether it opens it. */
export interface WeeklySectionPlace {
  title: string;
  opens: boolean;
  /** In the "Following" section: its heading does not name the story's interest, so the story does. */
  following: boolean;
}

/**
 * A weekly summary's sections, as the email, the web reader and anything else that shows one name them. The stories
 * naming a followed entity come first (selection puts them there) under "Following"; the others come grouped by
 * interest, each group under its label.
 */
export function weeklySections(stories: ReadonlyArray<Pick<DigestStory, 'interest' | 'followed'>>): WeeklySectionPlace[] {
  let following = true;
  let previous: string | null = null;
  return stories.map((story) => {
    following &&= !!story.followed?.length;
    const title = following ? FOLLOWING_SECTION_TITLE : INTEREST_LABELS[story.interest];
    const opens = title !== previous;
    previous = title;
    return { title, opens, following };
  });
}

/** GET /api/digests (one item) and GET /api/digests/:id: exactly what was emailed. */
export const digestSchema = z.object({
  id: z.string(),
  kind: z.enum(DIGEST_KINDS),
  /** The subscriber's local edition date, YYYY-MM-DD. */
  date: z.string(),
  title: z.string(),
  storyCount: z.number().int(),
  createdAt: z.string(),
  depth: z.enum(CONTENT_DEPTHS),
  /** A "quiet day" (or week) note: nothing new in the edition for the subscriber (storyCount is 0). */
  quiet: z.boolean(),
  /** When the email left; null while it waits, or if it could not be sent. */
  sentAt: z.string().nullable(),
  stories: z.array(digestStorySchema),
  /**
   * A weekly summary's "What changed" of the entities the subscriber follows (docs/decisions/311), told before the
   * stories. Absent when nothing changed.
   */
  whatChanged: z.array(entityChangeSchema).optional(),
  /**
   * GET /api/digests/:id only: the subscriber's own 1-5 rating of this digest, null when not rated yet.
   * Absent from the list.
   */
  rating: z.number().int().min(1).max(5).nullable().optional(),
});
export type Digest = z.infer<typeof digestSchema>;
export const digestListSchema = z.array(digestSchema);

export const DIGEST_SEARCH_MAX = 200;
export const DIGEST_LIST_MAX = 365;

/** GET /api/digests?q=&kind=&limit=: newest first; `q` matches titles, story titles, summaries and source names. */
export const digestListQuerySchema = z.object({
  q: cleanText().trim().max(DIGEST_SEARCH_MAX, 'Search is too long').optional(),
  kind: z.enum(DIGEST_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(DIGEST_LIST_MAX).optional(),
});
export type DigestListQuery = z.infer<typeof digestListQuerySchema>;

/**
 * GET /api/digests/stats: the subscriber's figures from their sent digests as stored (docs/decisions/307),
 * not the spec's per-digest constants.
 */
export const digestStatsSchema = z.object({
  /** Sent digests (daily, weekly and breaking). */
  digests: z.number().int().nonnegative(),
  /** Distinct outlets whose articles are behind the stories of those digests. */
  outlets: z.number().int().nonnegative(),
  /** Words of the source articles behind the distinct stories received (where recorded). */
  sourceWords: z.number().int().nonnegative(),
  /** Words of the digests themselves for those stories: titles, summaries, key figures. */
  digestWords: z.number().int().nonnegative(),
  /** (sourceWords - digestWords) / READING_WORDS_PER_MINUTE, rounded down, never negative. */
  minutesSaved: z.number().int().nonnegative(),
  /** Thumbs the subscriber gave stories from the audio player (PUT /api/audio/episodes/:id/stories/:storyId/vote). */
  storyVotes: z.object({
    up: z.number().int().nonnegative(),
    down: z.number().int().nonnegative(),
    /** Where those thumbs steer the selection of the next digests (`thumbsLeaning`); absent from older servers. */
    leaning: z.object({ more: z.array(z.enum(INTERESTS)), less: z.array(z.enum(INTERESTS)) }).optional(),
  }),
});
export type DigestStats = z.infer<typeof digestStatsSchema>;

/** How far back a subscriber's thumbs on stories count when their next digests are selected. */
export const THUMBS_WINDOW_DAYS = 90;
/** The net thumbs (up minus down) on an interest's stories that make it lean: one thumb alone steers nothing. */
export const THUMBS_LEANING_MIN = 2;

/** The interests a subscriber's recent thumbs lean towards (`more`) and away from (`less`). */
export interface ThumbsLeaning {
  more: Interest[];
  less: Interest[];
}

/** From the net thumbs per interest (the story's main interest), in INTERESTS order. */
export function thumbsLeaning(net: Partial<Record<Interest, number>>): ThumbsLeaning {
  return {
    more: INTERESTS.filter((i) => (net[i] ?? 0) >= THUMBS_LEANING_MIN),
    less: INTERESTS.filter((i) => (net[i] ?? 0) <= -THUMBS_LEANING_MIN),
  };
}
