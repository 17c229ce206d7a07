import { DEFAULT_PREFERENCES, type Digest, type DigestStats, type Feedback, type User } from '@dcbrief/shared';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    email: 'ana@dc-ops.example',
    firstName: 'Ana',
    lastName: 'Silva',
    createdAt: '2026-03-14T09:30:00.000Z',
    subscriptionTier: null,
    subscriptionStatus: 'inactive',
    timezone: 'Europe/Lisbon',
    preferences: structuredClone(DEFAULT_PREFERENCES),
    trialEndsAt: null,
    nextChargeAt: null,
    cancelsAt: null,
    ...overrides,
  };
}

export const freeUser = () => makeUser();
export const basicActiveUser = () => makeUser({ subscriptionTier: 'basic', subscriptionStatus: 'active' });
export const premiumActiveUser = () => makeUser({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
export const premiumPastDueUser = () => makeUser({ subscriptionTier: 'premium', subscriptionStatus: 'past_due' });

export function makeDigests(count: number): Digest[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `d-${i}`,
    kind: 'daily' as const,
    date: `2026-11-${String(21 - i).padStart(2, '0')}`,
    title: `Data-center brief for 2026-11-${String(21 - i).padStart(2, '0')}`,
    storyCount: 8 + i,
    depth: 'standard' as const,
    quiet: false,
    sentAt: `2026-11-${String(21 - i).padStart(2, '0')}T06:00:00.000Z`,
    stories: [],
    createdAt: `2026-11-${String(21 - i).padStart(2, '0')}T06:00:00.000Z`,
  }));
}

/** GET /api/digests/stats: a new subscriber's zeros unless told otherwise. */
export function makeDigestStats(overrides: Partial<DigestStats> = {}): DigestStats {
  return { digests: 0, outlets: 0, sourceWords: 0, digestWords: 0, minutesSaved: 0, storyVotes: { up: 0, down: 0 }, ...overrides };
}

export function makeFeedback(ratings: number[]): Feedback[] {
  return ratings.map((rating, i) => ({
    id: `f-${i}`,
    digestId: `d-${i}`,
    digestTitle: `Data-center brief for 2026-11-${String(20 - i).padStart(2, '0')}`,
    digestDate: `2026-11-${String(20 - i).padStart(2, '0')}`,
    rating,
    comment: null,
    medium: 'text' as const,
    createdAt: `2026-11-${String(20 - i).padStart(2, '0')}T08:00:00.000Z`,
  }));
}

/** A digest as the delivery stage stores it: two stories, the first told by three outlets in two languages. */
export function makeDigestWithStories(overrides: Partial<Digest> = {}): Digest {
  return {
    ...makeDigests(1)[0]!,
    id: 'd-stories',
    title: 'Nordic operator adds 48 MW campus near Oslo',
    storyCount: 2,
    stories: [
      {
        id: 's-1',
        title: 'Nordic operator adds 48 MW campus near Oslo',
        interest: 'infrastructure',
        corroboration: 3,
        languages: ['en', 'no'],
        summary: [
          {
            text: 'The operator will build a 48 MW campus in Oslo.',
            language: 'en',
            sourceIds: ['src-b', 'src-a'],
            inReaderLanguage: true,
          },
          { text: 'The first 16 MW phase opens in Q3 2027.', language: 'en', sourceIds: ['src-c'], inReaderLanguage: true },
          {
            text: 'The campus uses heat recovery for 5,000 homes.',
            language: 'en',
            sourceIds: ['src-b'],
            translatedFrom: 'no',
            inReaderLanguage: true,
          },
          { text: 'Anlegget får strøm fra Statnett.', language: 'no', sourceIds: ['src-b'], inReaderLanguage: false },
        ],
        keyFigures: ['Capacity: 48 MW', 'Capacity: 16 MW'],
        sources: [
          { id: 'src-a', name: 'DatacenterDynamics', url: 'https://www.datacenterdynamics.com/en/news/oslo-48mw', language: 'en' },
          { id: 'src-b', name: 'Computerworld Norge', url: 'https://www.cw.no/oslo-48mw', language: 'no' },
          { id: 'src-c', name: 'Data Center Knowledge', url: 'https://www.datacenterknowledge.com/oslo', language: 'en' },
        ],
        firstSeenAt: '2026-11-20T21:00:00.000Z',
      },
      {
        id: 's-2',
        title: 'Singapore lifts pause on new capacity with 300 MW allocation',
        interest: 'regulations',
        corroboration: 1,
        languages: ['en'],
        summary: [{ text: 'Applicants must meet a PUE of 1.3 or better at full load.', language: 'en', sourceIds: ['src-d'] }],
        keyFigures: [],
        sources: [{ id: 'src-d', name: 'The Straits Times', url: 'https://www.straitstimes.com/dc-300mw', language: 'en' }],
        firstSeenAt: '2026-11-20T22:00:00.000Z',
      },
    ],
    ...overrides,
  };
}
