import { z } from 'zod';
import { DIGEST_KINDS } from './digests.js';

export const EPISODE_STATES = ['pending', 'preparing', 'ready', 'failed'] as const;

/** One chapter of an episode: the intro, a story (with its id), the outro. */
export const episodeChapterSchema = z.object({
  title: z.string(),
  storyId: z.string().optional(),
  startSec: z.number(),
  endSec: z.number(),
});
export type EpisodeChapter = z.infer<typeof episodeChapterSchema>;

/** GET /api/audio/episodes (one item) and GET /api/audio/episodes/:digestId: the audio of one digest. */
export const episodeSchema = z.object({
  digestId: z.string(),
  kind: z.enum(DIGEST_KINDS),
  date: z.string(),
  title: z.string(),
  storyCount: z.number().int(),
  /** `ready` once it can be played; until then the URLs answer 404. */
  state: z.enum(EPISODE_STATES),
  durationSec: z.number(),
  bytes: z.number().int(),
  audioUrl: z.string(),
  /** The same file as an attachment, for offline listening. */
  downloadUrl: z.string(),
  transcriptUrl: z.string(),
  chaptersUrl: z.string(),
  chapters: z.array(episodeChapterSchema),
  /** Where the subscriber stopped, in seconds (saved by the player, resumed on any device). */
  positionSec: z.number(),
  /** The subscriber's 1-5 rating of the episode (null: not rated), from the player. */
  rating: z.number().int().min(1).max(5).nullable(),
  /** Their thumbs per story (chapter), by story id. */
  storyVotes: z.record(z.string(), z.enum(['up', 'down'])),
});
export type Episode = z.infer<typeof episodeSchema>;
export const episodeListSchema = z.array(episodeSchema);

/**
 * GET /api/audio/feed: whether a private feed exists (its token is stored hashed, so its address is shown
 * only when made); POST /api/audio/feed/rotate: a new address; DELETE /api/audio/feed: revoked.
 */
export const audioFeedSchema = z.object({ exists: z.boolean(), url: z.string().nullable() });
export type AudioFeed = z.infer<typeof audioFeedSchema>;

/** PUT /api/audio/episodes/:digestId/position */
export const episodePositionSchema = z.strictObject({
  positionSec: z
    .number()
    .min(0)
    .max(24 * 3600),
});
export type EpisodePosition = z.infer<typeof episodePositionSchema>;

/** "Listen (N min)": whole minutes, at least one. */
export function listenMinutes(durationSec: number): number {
  return Math.max(1, Math.round(durationSec / 60));
}

/** A story's thumb from the player: up, down, or none (the vote taken back). */
export const STORY_VOTES = ['up', 'down'] as const;
export type StoryVote = (typeof STORY_VOTES)[number];

/** PUT /api/audio/episodes/:digestId/rating: the episode's 1-5 rating; rating again replaces it. */
export const episodeRatingSchema = z.strictObject({ rating: z.number().int().min(1).max(5) });
export type EpisodeRating = z.infer<typeof episodeRatingSchema>;

/** PUT /api/audio/episodes/:digestId/stories/:storyId/vote: `null` takes the thumb back. */
export const storyVoteSchema = z.strictObject({ vote: z.enum(STORY_VOTES).nullable() });
export type StoryVoteInput = z.infer<typeof storyVoteSchema>;

/** The subscriber's ratings of one episode, as the player shows them after a reload. */
export const episodeRatingsSchema = z.object({
  rating: z.number().int().min(1).max(5).nullable(),
  /** By story id; stories without a thumb are absent. */
  storyVotes: z.record(z.string(), z.enum(STORY_VOTES)),
});
export type EpisodeRatings = z.infer<typeof episodeRatingsSchema>;

/** What an episode is called, by its digest's kind (player, Audio Library, podcast feed). */
export const EPISODE_KIND_TITLES: Record<(typeof DIGEST_KINDS)[number], string> = {
  daily: 'Daily brief',
  weekly: 'Weekly summary',
  breaking: 'Breaking alert',
};

// Made on first use: building a date format at import made every process that loads this package (the ingest
// CLI among them) map about 5 MB more of ICU's data and code (decision 528).
let episodeDay: Intl.DateTimeFormat | undefined;

/** An edition's day (`YYYY-MM-DD`) as people read it: "Sat, Nov 21, 2026". */
export function episodeDayLabel(date: string): string {
  episodeDay ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return episodeDay.format(new Date(`${date}T00:00:00Z`));
}

/** An episode's title: "Daily brief, Sat, Nov 21, 2026". */
export function episodeTitle(kind: (typeof DIGEST_KINDS)[number], date: string): string {
  return `${EPISODE_KIND_TITLES[kind]}, ${episodeDayLabel(date)}`;
}
