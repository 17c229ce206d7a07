import { DEFAULT_PREFERENCES, type Digest, type Feedback, type User } from '@dcbrief/shared';

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

export function makeFeedback(ratings: number[]): Feedback[] {
  return ratings.map((rating, i) => ({
    id: `f-${i}`,
    digestId: `d-${i}`,
    rating,
    comment: null,
    createdAt: `2026-11-${String(20 - i).padStart(2, '0')}T08:00:00.000Z`,
  }));
}
