import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import type { EpisodeRatings, Feedback as FeedbackDto, FeedbackCreate, StoryVote } from '@dcbrief/shared';
import { notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { DigestsService } from '../digests/digests.service.js';
import type { User } from '../users/user.entity.js';
import { Feedback, StoryFeedback, type FeedbackMedium } from './feedback.entity.js';

export function toFeedbackDto(item: Feedback): FeedbackDto {
  return {
    id: item.id,
    digestId: item.digest.id,
    digestTitle: item.digest.title,
    digestDate: item.digest.date,
    rating: item.rating,
    comment: item.comment,
    medium: item.medium,
    createdAt: item.createdAt.toISOString(),
  };
}

/** The user's own rating of one digest (as read, or its episode), or null when they have not rated it. */
export async function ratingOf(em: EntityManager, user: User, digestId: string, medium: FeedbackMedium = 'text'): Promise<number | null> {
  const row = await em.findOne(Feedback, { user, digest: digestId, medium }, { fields: ['rating'] });
  return row?.rating ?? null;
}

/** The user's ratings of the episodes of these digests from the player: the 1-5 rating and the thumbs per story. */
export async function episodeRatingsOf(em: EntityManager, userId: string, digestIds: string[]): Promise<Map<string, EpisodeRatings>> {
  const out = new Map<string, EpisodeRatings>(digestIds.map((id) => [id, { rating: null, storyVotes: {} }]));
  if (!digestIds.length) return out;
  const ratings = await em.find(
    Feedback,
    { user: userId, digest: { $in: digestIds }, medium: 'audio' },
    { fields: ['digest', 'rating'], disableIdentityMap: true },
  );
  for (const r of ratings) out.get(r.digest.id)!.rating = r.rating;
  const votes = await em.find(
    StoryFeedback,
    { user: userId, digest: { $in: digestIds } },
    { fields: ['digest', 'storyId', 'vote'], disableIdentityMap: true },
  );
  for (const v of votes) out.get(v.digest.id)!.storyVotes[v.storyId] = v.vote > 0 ? 'up' : 'down';
  return out;
}

/** How many stories the user gave a thumb up and down, over all their digests (the dashboard's stats). */
export async function storyVoteCounts(em: EntityManager, user: User): Promise<{ up: number; down: number }> {
  const [up, down] = await Promise.all([em.count(StoryFeedback, { user, vote: 1 }), em.count(StoryFeedback, { user, vote: -1 })]);
  return { up, down };
}

export class FeedbackService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** The user's own feedback, newest first (the home page shows the first item). */
  listForUser(user: User, limit = 365): Promise<Feedback[]> {
    return this.em.find(Feedback, { user }, { populate: ['digest'], orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  /**
   * Records a rating of one of the user's own digests. Rating the same digest again updates the
   * one row (a double click or a second email click never makes two).
   */
  async rate(user: User, input: FeedbackCreate, medium: FeedbackMedium = 'text'): Promise<{ feedback: Feedback; created: boolean }> {
    const digest = await new DigestsService(this.em).findForUser(user, input.digestId);
    if (!digest) throw notFound('Digest not found');
    const now = this.clock.now();
    const existing = await this.em.findOne(Feedback, { user, digest, medium });
    if (existing) {
      existing.rating = input.rating;
      if (input.comment !== undefined) existing.comment = input.comment || null;
      existing.updatedAt = now;
      await this.em.flush();
      return { feedback: existing, created: false };
    }
    const feedback = this.em.create(Feedback, {
      id: crypto.randomUUID(),
      user,
      digest,
      medium,
      rating: input.rating,
      comment: input.comment || null,
      createdAt: now,
      updatedAt: now,
    });
    await this.em.persistAndFlush(feedback);
    return { feedback, created: true };
  }

  /**
   * A thumb up or down on one story of one of the user's own sent digests (the caller checks the story is
   * in it); voting again replaces it, `null` takes it back. One row per (user, digest, story): the unique key
   * settles two clicks at once.
   */
  async voteStory(user: User, digestId: string, storyId: string, vote: StoryVote | null): Promise<void> {
    const now = this.clock.now();
    if (vote === null) {
      await this.em.nativeDelete(StoryFeedback, { user, digest: digestId, storyId });
      return;
    }
    const value = vote === 'up' ? 1 : -1;
    const updated = await this.em.nativeUpdate(StoryFeedback, { user, digest: digestId, storyId }, { vote: value, updatedAt: now });
    if (updated) return;
    await (this.em as SqlEntityManager)
      .createQueryBuilder(StoryFeedback)
      .insert({ id: crypto.randomUUID(), user: user.id, digest: digestId, storyId, vote: value, createdAt: now, updatedAt: now })
      .onConflict(['user', 'digest', 'storyId'])
      .merge(['vote', 'updatedAt'])
      .execute();
  }
}
