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
