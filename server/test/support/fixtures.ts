import type { Orm } from '../../src/db/orm.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { Feedback } from '../../src/modules/feedback/feedback.entity.js';
import { User } from '../../src/modules/users/user.entity.js';

export async function userByEmail(orm: Orm, email: string): Promise<User> {
  return orm.em.fork().findOneOrFail(User, { email });
}

/** Stores digests for a user as the delivery stage would, oldest first. */
export async function addDigests(orm: Orm, email: string, dates: string[]): Promise<Digest[]> {
  const em = orm.em.fork();
  const user = await em.findOneOrFail(User, { email });
  const digests = dates.map((date, i) =>
    em.create(Digest, {
      id: crypto.randomUUID(),
      user,
      kind: 'daily',
      date,
      title: `Data-center brief for ${date}`,
      storyCount: 8 + i,
      createdAt: new Date(`${date}T06:00:00Z`),
    }),
  );
  await em.persistAndFlush(digests);
  return digests;
}

export async function setSubscription(orm: Orm, email: string, tier: 'basic' | 'premium' | null, status: string): Promise<void> {
  await orm.em.fork().nativeUpdate(User, { email }, { subscriptionTier: tier, subscriptionStatus: status });
}

export async function countFeedback(orm: Orm): Promise<number> {
  return orm.em.fork().count(Feedback, {});
}
