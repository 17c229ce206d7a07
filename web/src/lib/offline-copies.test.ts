import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { apiRequest } from './api-client';
import { OFFLINE_COPY_HEADER } from './offline-cache';
import { oldestOfflineCopy, recordAnswer, refetchOfflineCopies } from './offline-copies';

const json =
  (body: unknown, headers: Record<string, string> = {}) =>
  async () =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

describe('offline copies: which answers came from the service worker, and since when (docs/decisions/610)', () => {
  it('the API client records a read answered from the cache, and a later network answer clears it', async () => {
    const storedAt = '2026-11-23T06:02:00.000Z';
    let offline = true;
    fakeApi({
      'GET /api/digests/d-1': () => (offline ? json({ id: 'd-1' }, { [OFFLINE_COPY_HEADER]: storedAt })() : json({ id: 'd-1' })()),
    });
    await expect(apiRequest('GET', '/api/digests/d-1')).resolves.toEqual({ id: 'd-1' });
    expect(oldestOfflineCopy([['/api/digests/d-1']])).toEqual(new Date(storedAt));
    offline = false;
    await apiRequest('GET', '/api/digests/d-1');
    expect(oldestOfflineCopy([['/api/digests/d-1']])).toBeNull();
  });

  it('writes record nothing, and a header that is not a time is ignored', async () => {
    fakeApi({
      'POST /api/feedback': json({ rating: 4 }, { [OFFLINE_COPY_HEADER]: '2026-11-23T06:02:00Z' }),
      'GET /api/feedback': json([], { [OFFLINE_COPY_HEADER]: 'yesterday-ish' }),
    });
    await apiRequest('POST', '/api/feedback', { digestId: 'd-1', rating: 4 });
    await apiRequest('GET', '/api/feedback');
    expect(oldestOfflineCopy([['/api/feedback']])).toBeNull();
  });

  it('a screen of several reads is as old as its oldest offline copy; all live is null', () => {
    expect(oldestOfflineCopy([['/api/auth/user'], ['/api/digests']])).toBeNull();
    recordAnswer('/api/auth/user', '2026-11-23T07:00:00Z');
    recordAnswer('/api/digests', '2026-11-22T06:00:00Z');
    expect(oldestOfflineCopy([['/api/auth/user'], ['/api/digests']])).toEqual(new Date('2026-11-22T06:00:00Z'));
    expect(oldestOfflineCopy([['/api/auth/user']])).toEqual(new Date('2026-11-23T07:00:00Z'));
    expect(oldestOfflineCopy([['/api/digests', 'd-9']])).toBeNull();
  });

  it('back online, only the queries shown from offline copies are read again', async () => {
    const client = new QueryClient();
    const offlineRead = vi.fn(async () => 'stored');
    const liveRead = vi.fn(async () => 'live');
    await client.fetchQuery({ queryKey: ['/api/digests', 'd-2'], queryFn: offlineRead });
    await client.fetchQuery({ queryKey: ['/api/digests', 'd-3'], queryFn: liveRead });
    recordAnswer('/api/digests/d-2', '2026-11-23T06:00:00Z');
    await refetchOfflineCopies(client);
    expect(client.getQueryState(['/api/digests', 'd-2'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/digests', 'd-3'])?.isInvalidated).toBe(false);
  });
});
