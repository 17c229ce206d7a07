import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DesktopBridge, DesktopOfflineCopy } from '@dcbrief/shared';
import { createQueryClient } from '@/lib/queryClient';
import { fakeApi } from '@/test/fake-api';
import { installOfflineDigestFallback } from './offline-queries';
import { isOfflineError } from '@/lib/desktop';
import { ApiError } from '@/lib/api-error';

const OFFLINE = { status: 503, body: { message: 'The DC Brief server cannot be reached.', offline: true } };

function bridgeWith(copy: DesktopOfflineCopy | null): DesktopBridge {
  return {
    getServer: async () => ({ url: 'https://brief.example.com', defaultUrl: null }),
    setServer: async () => ({ ok: false, message: 'unused' }),
    getOfflineCopy: async () => copy,
    checkNow: async () => {},
    onNavigate: () => () => {},
  };
}

const digest = (id: string, date: string) => ({
  id,
  kind: 'daily' as const,
  date,
  title: `Data-center brief for ${date}`,
  storyCount: 0,
  createdAt: `${date}T06:00:00.000Z`,
  depth: 'standard' as const,
  quiet: true,
  sentAt: `${date}T06:00:30.000Z`,
  stories: [],
});
const copy: DesktopOfflineCopy = {
  updatedAt: '2026-11-24T06:02:00.000Z',
  user: null,
  digests: [digest('d2', '2026-11-24'), digest('d1', '2026-11-23')],
  episode: null,
};

describe('the desktop’s digest reads without a network', () => {
  function client(): QueryClient {
    const queryClient = createQueryClient();
    installOfflineDigestFallback(queryClient, bridgeWith(copy));
    return queryClient;
  }

  it('reads the list and a kept digest from the copy on disk when the app says "offline"', async () => {
    fakeApi({ 'GET /api/digests': OFFLINE, 'GET /api/digests/d1': OFFLINE });
    const queryClient = client();
    expect((await queryClient.fetchQuery({ queryKey: ['/api/digests'] })) as unknown).toEqual(copy.digests);
    expect(await queryClient.fetchQuery({ queryKey: ['/api/digests', 'd1'] })).toEqual(copy.digests[1]);
  });

  it('keeps the server’s answers, and the offline error for what is not kept', async () => {
    fakeApi({
      'GET /api/digests': { status: 200, body: [digest('d3', '2026-11-25')] },
      'GET /api/digests/d9': OFFLINE,
      'GET /api/digests/stats/search': OFFLINE,
    });
    const queryClient = client();
    expect(await queryClient.fetchQuery({ queryKey: ['/api/digests'] })).toEqual([digest('d3', '2026-11-25')]);
    await expect(queryClient.fetchQuery({ queryKey: ['/api/digests', 'd9'] })).rejects.toSatisfy(isOfflineError);
    await expect(queryClient.fetchQuery({ queryKey: ['/api/digests', 'stats', 'search'] })).rejects.toSatisfy(isOfflineError);
    // A 404 is an answer, not a missing network.
    await expect(queryClient.fetchQuery({ queryKey: ['/api/digests', 'd404'] })).rejects.toSatisfy((e) => !isOfflineError(e));
  });

  it('tells "offline" from an answer', () => {
    expect(isOfflineError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOfflineError(new ApiError(503, 'x', { message: 'x', offline: true }))).toBe(true);
    expect(isOfflineError(new ApiError(503, 'Service Unavailable', { message: 'Maintenance' }))).toBe(false);
    expect(isOfflineError(new ApiError(401, 'x', { message: 'x' }))).toBe(false);
  });
});
