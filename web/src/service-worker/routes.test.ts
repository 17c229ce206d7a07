import { describe, expect, it } from 'vitest';
import { API_CACHE, AUDIO_CACHE, DIGESTS_CACHE } from '@/lib/offline-cache';
import { anotherUser, cacheFor, newestDigestIds } from './routes';

const at = (path: string) => new URL(path, 'https://brief.example.com');

describe("the service worker's routes (docs/decisions/610)", () => {
  it("stores the subscriber's reads, each digest page in its own cache, and downloaded episode files", () => {
    for (const path of [
      '/api/auth/user',
      '/api/digests',
      '/api/digests?limit=20',
      '/api/digests/stats',
      '/api/feedback',
      '/api/audio/episodes',
      '/api/calendar',
    ])
      expect(cacheFor(at(path)), path).toBe(API_CACHE);
    expect(cacheFor(at('/api/audio/episodes/d-1'))).toBe(API_CACHE);
    expect(cacheFor(at('/api/digests/0b6f1c2e-1111-4a8e-9a55-2d9a3c1f0e77'))).toBe(DIGESTS_CACHE);
    expect(cacheFor(at('/api/audio/episodes/d-1/audio.mp3'))).toBe(AUDIO_CACHE);
    expect(cacheFor(at('/api/audio/episodes/d-1/transcript.vtt'))).toBe(AUDIO_CACHE);
  });

  it('never stores searches, attachment downloads, the sign-in and sign-out pages, or anything else', () => {
    for (const path of [
      '/api/digests?q=frankfurt',
      '/api/audio/episodes/d-1/audio.mp3?download=1',
      '/api/login',
      '/api/logout',
      '/api/config',
      '/api/audio/feed/token/feed.xml',
      '/api/calendar/token.ics',
      '/api/digests/d-1/extra',
      '/digests/d-1',
      '/assets/index-abc.js',
    ])
      expect(cacheFor(at(path)), path).toBeNull();
  });

  it('warms the newest digests of the archive list, in its order, skipping anything without an id', () => {
    const list = [{ id: 'd-9' }, { id: 8 }, null, { id: 'd-7' }, { id: 'd-6' }];
    expect(newestDigestIds(list, 2)).toEqual(['d-9', 'd-7']);
    expect(newestDigestIds(list)).toEqual(['d-9', 'd-7', 'd-6']);
    expect(newestDigestIds({ message: 'Unauthorized' })).toEqual([]);
  });

  it('another user is a different id than the stored one; the same user, or nothing stored, is not', () => {
    expect(anotherUser({ id: 'u-1' }, { id: 'u-2' })).toBe(true);
    expect(anotherUser({ id: 'u-1' }, null)).toBe(true);
    expect(anotherUser({ id: 'u-1' }, { id: 'u-1', email: 'new@example.com' })).toBe(false);
    expect(anotherUser(null, { id: 'u-2' })).toBe(false);
  });
});
