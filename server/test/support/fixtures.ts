import type { DigestStory } from '@dcbrief/shared';
import type { Orm } from '../../src/db/orm.js';
import { Digest, DigestContent } from '../../src/modules/digests/digest.entity.js';
import { Feedback } from '../../src/modules/feedback/feedback.entity.js';
import { User } from '../../src/modules/users/user.entity.js';

/** A story as delivery stores it in a digest, told by two outlets. */
export function digestStory(title: string, extra: Partial<DigestStory> = {}): DigestStory {
  return {
    id: crypto.randomUUID(),
    title,
    interest: 'infrastructure',
    corroboration: 2,
    languages: ['en', 'de'],
    summary: [{ text: `${title}, according to filings seen by both outlets.`, language: 'en', sourceIds: ['dcd', 'heise'] }],
    keyFigures: [],
    sources: [
      { id: 'dcd', name: 'DatacenterDynamics', url: 'https://www.datacenterdynamics.com/en/news/', language: 'en' },
      { id: 'heise', name: 'heise online', url: 'https://www.heise.de/news/', language: 'de' },
    ],
    firstSeenAt: new Date().toISOString(),
    ...extra,
  };
}

/** Stores digests for a user as the delivery stage would, oldest first; each date may bring its own stories. */
export async function addDigests(
  orm: Orm,
  email: string,
  dates: string[],
  storiesFor?: (date: string) => DigestStory[],
): Promise<Digest[]> {
  const em = orm.em.fork();
  const user = await em.findOneOrFail(User, { email });
  const digests = dates.map((date, i) => {
    const digest = new Digest();
    const stories = storiesFor?.(date) ?? Array.from({ length: 8 + i }, (_, n) => digestStory(`Story ${n + 1} of ${date}`));
    const content = Object.assign(new DigestContent(), {
      stories,
      storyIds: stories.map((s) => s.id),
      searchText: [
        `Data-center brief for ${date}`,
        ...stories.flatMap((st) => [st.title, ...st.summary.map((x) => x.text), ...st.sources.map((x) => x.name)]),
      ]
        .join(' ')
        .toLowerCase(),
      createdAt: new Date(`${date}T06:00:00Z`),
    });
    Object.assign(digest, {
      user,
      kind: 'daily',
      date,
      title: `Data-center brief for ${date}`,
      storyCount: stories.length,
      content,
      sentAt: new Date(`${date}T06:00:05Z`),
      createdAt: new Date(`${date}T06:00:00Z`),
    });
    em.persist([content, digest]);
    return digest;
  });
  await em.flush();
  return digests;
}

export async function setSubscription(orm: Orm, email: string, tier: 'basic' | 'premium' | null, status: string): Promise<void> {
  await orm.em.fork().nativeUpdate(User, { email }, { subscriptionTier: tier, subscriptionStatus: status });
}

export async function countFeedback(orm: Orm): Promise<number> {
  return orm.em.fork().count(Feedback, {});
}
