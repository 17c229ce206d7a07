import type { EntityManager } from '@mikro-orm/core';
import type { Feedback as FeedbackDto, FeedbackCreate } from '@dcbrief/shared';
import { notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { DigestsService } from '../digests/digests.service.js';
import type { User } from '../users/user.entity.js';
import { Feedback } from './feedback.entity.js';

export function toFeedbackDto(item: Feedback): FeedbackDto {
  return {
    id: item.id,
    digestId: item.digest.id,
    digestTitle: item.digest.title,
    digestDate: item.digest.date,
    rating: item.rating,
    comment: item.comment,
    createdAt: item.createdAt.toISOString(),
  };
}

/** The user's own rating of one digest, or null when they have not rated it. */
export async function ratingOf(em: EntityManager, user: User, digestId: string): Promise<number | null> {
  const row = await em.findOne(Feedback, { user, digest: digestId }, { fields: ['rating'] });
  return row?.rating ?? null;
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
  async rate(user: User, input: FeedbackCreate): Promise<{ feedback: Feedback; created: boolean }> {
    const digest = await new DigestsService(this.em).findForUser(user, input.digestId);
    if (!digest) throw notFound('Digest not found');
    const now = this.clock.now();
    const existing = await this.em.findOne(Feedback, { user, digest });
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
      rating: input.rating,
      comment: input.comment || null,
      createdAt: now,
      updatedAt: now,
    });
    await this.em.persistAndFlush(feedback);
    return { feedback, created: true };
  }
}
