import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { episodePositionSchema, episodeRatingSchema, hasPremiumAccess, storyVoteSchema } from '@dcbrief/shared';
import { parseInput } from '../http/validate.js';
import { forbidden, notFound } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import { episodeRatingsOf, FeedbackService } from '../modules/feedback/feedback.service.js';
import { currentUser, requireUser } from '../modules/users/current-user.js';
import type { User } from '../modules/users/user.entity.js';
import { episodeFiles } from './prepare.js';
import { EpisodesService, FeedsService, savePosition, sessionUrls, toEpisodeDto, type DigestWithEpisode } from './episodes.service.js';
import { renderFeed } from './feed.js';
import { sendStoredFile } from './serve-file.js';
import type { AudioStore } from './storage.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The token's place in a feed URL, redacted from request logs. */
export const FEED_TOKEN_PATH = /(?<=^\/api\/audio\/feed\/)[^/]+(?=\/)/;

export const PREMIUM_ONLY = 'The audio digest is part of Premium Intelligence.';

/** Premium features need tier premium and status active (SPEC): 401 signed out, 403 otherwise. */
function requirePremium() {
  return async function premium(ctx: Context, next: Next) {
    if (!hasPremiumAccess(currentUser(ctx))) throw forbidden(PREMIUM_ONLY);
    await next();
  };
}

type FileKind = 'mp3' | 'vtt' | 'chapters';
const TYPES: Record<FileKind, string> = { mp3: 'audio/mpeg', vtt: 'text/vtt; charset=utf-8', chapters: 'application/json+chapters' };

async function sendEpisodeFile(ctx: Context, store: AudioStore, found: DigestWithEpisode | null, kind: FileKind, download = false) {
  if (!found || found.episode.state !== 'ready') throw notFound('Episode not found');
  const { digest, episode } = found;
  await sendStoredFile(ctx, store, episodeFiles(episode.id)[kind], {
    type: TYPES[kind],
    etag: `${episode.id}-${kind}-${episode.bytes}`,
    lastModified: episode.readyAt,
    ...(download ? { filename: `dc-brief-${digest.kind}-${digest.date}.mp3` } : {}),
  });
}

/**
 * The audio API (decision 404): the signed-in premium subscriber's episodes, their files with byte ranges,
 * the private feed's address (rotate, revoke), and the feed itself with its files, reachable with the
 * feed's token alone (podcast apps send no cookie).
 */
export function audioRoutes(deps: { store: AudioStore; clock: Clock; publicUrl: () => string }): Router {
  const router = new Router({ prefix: '/api/audio' });
  const { store } = deps;
  const feedUrl = (token: string) => `${deps.publicUrl()}/api/audio/feed/${token}/feed.xml`;
  const session = [requireUser(), requirePremium()];

  router.get('/episodes', ...session, async (ctx: Context) => {
    const userId = currentUser(ctx).id;
    const list = await new EpisodesService(ctx.em).list(userId);
    const ratings = await episodeRatingsOf(
      ctx.em,
      userId,
      list.map((e) => e.digest.id),
    );
    ctx.body = list.map((e) => toEpisodeDto(e, sessionUrls(e.digest.id), ratings.get(e.digest.id)));
  });
  const own = (ctx: Context) => {
    const id = ctx.params.digestId ?? '';
    return UUID.test(id) ? new EpisodesService(ctx.em).find(currentUser(ctx).id, id) : Promise.resolve(null);
  };
  router.get('/episodes/:digestId', ...session, async (ctx: Context) => {
    const found = await own(ctx);
    if (!found) throw notFound('Episode not found');
    const ratings = await episodeRatingsOf(ctx.em, currentUser(ctx).id, [found.digest.id]);
    ctx.body = toEpisodeDto(found, sessionUrls(found.digest.id), ratings.get(found.digest.id));
  });
  // Ratings from the player (decision 406), stored as feedback like the email's: the episode 1-5 (medium
  // `audio`, beside the digest's own rating) and a thumb per story. Only the owner of a sent digest with an
  // episode can rate it (anyone else: 404, as for a digest that does not exist); rating again replaces.
  router.put('/episodes/:digestId/rating', ...session, async (ctx: Context) => {
    const { rating } = parseInput(episodeRatingSchema, ctx.request.body);
    const found = await own(ctx);
    if (!found || found.episode.state !== 'ready') throw notFound('Episode not found');
    await new FeedbackService(ctx.em, deps.clock).rate(currentUser(ctx), { digestId: found.digest.id, rating }, 'audio');
    ctx.body = (await episodeRatingsOf(ctx.em, currentUser(ctx).id, [found.digest.id])).get(found.digest.id);
  });
  router.put('/episodes/:digestId/stories/:storyId/vote', ...session, async (ctx: Context) => {
    const { vote } = parseInput(storyVoteSchema, ctx.request.body);
    const found = await own(ctx);
    const storyId = ctx.params.storyId ?? '';
    // Only a story the episode reads (one of its chapters) takes a thumb.
    if (!found || !found.episode.chapters.some((c) => c.storyId === storyId)) throw notFound('Story not found in this episode');
    await new FeedbackService(ctx.em, deps.clock).voteStory(currentUser(ctx), found.digest.id, storyId, vote);
    ctx.body = (await episodeRatingsOf(ctx.em, currentUser(ctx).id, [found.digest.id])).get(found.digest.id);
  });
  router.put('/episodes/:digestId/position', ...session, async (ctx: Context) => {
    const { positionSec } = parseInput(episodePositionSchema, ctx.request.body);
    const id = ctx.params.digestId ?? '';
    if (!UUID.test(id) || !(await savePosition(ctx.em, currentUser(ctx).id, id, positionSec))) throw notFound('Episode not found');
    ctx.body = { positionSec };
  });
  router.get('/episodes/:digestId/audio.mp3', ...session, async (ctx: Context) =>
    sendEpisodeFile(ctx, store, await own(ctx), 'mp3', ctx.query.download === '1'),
  );
  router.get('/episodes/:digestId/transcript.vtt', ...session, async (ctx: Context) => sendEpisodeFile(ctx, store, await own(ctx), 'vtt'));
  router.get('/episodes/:digestId/chapters.json', ...session, async (ctx: Context) =>
    sendEpisodeFile(ctx, store, await own(ctx), 'chapters'),
  );

  // The feed's address: a token is shown only when it is made (it is stored hashed), so GET says whether one exists.
  router.get('/feed', ...session, async (ctx: Context) => {
    ctx.body = { exists: await new FeedsService(ctx.em).exists(currentUser(ctx).id), url: null };
  });
  router.post('/feed/rotate', ...session, async (ctx: Context) => {
    const token = await new FeedsService(ctx.em).rotate(currentUser(ctx).id, deps.clock.now());
    ctx.body = { exists: true, url: feedUrl(token) };
  });
  router.delete('/feed', ...session, async (ctx: Context) => {
    await new FeedsService(ctx.em).revoke(currentUser(ctx).id);
    ctx.body = { exists: false, url: null };
  });

  // With the token: an unknown, rotated or revoked one is 404, as is another subscriber's episode.
  const owner = async (ctx: Context): Promise<User> => {
    const user = await new FeedsService(ctx.em).ownerOf(ctx.params.token ?? '');
    if (!user) throw notFound('Feed not found');
    return user;
  };
  router.get('/feed/:token/feed.xml', async (ctx: Context) => {
    const user = await owner(ctx);
    const active = hasPremiumAccess(user);
    const episodes = active ? await new EpisodesService(ctx.em).list(user.id, { readyOnly: true }) : [];
    ctx.type = 'application/rss+xml; charset=utf-8';
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = renderFeed({ publicUrl: deps.publicUrl(), token: ctx.params.token!, firstName: user.firstName, active, episodes });
  });
  router.get('/feed/:token/:file', async (ctx: Context) => {
    const user = await owner(ctx);
    const m = /^([0-9a-f-]{36})\.(mp3|vtt|chapters\.json)$/i.exec(ctx.params.file ?? '');
    if (!m || !hasPremiumAccess(user)) throw notFound('Episode not found');
    const kind: FileKind = m[2] === 'mp3' ? 'mp3' : m[2] === 'vtt' ? 'vtt' : 'chapters';
    await sendEpisodeFile(ctx, store, await new EpisodesService(ctx.em).find(user.id, m[1]!), kind);
  });
  return router;
}
