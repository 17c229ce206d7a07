import { describe, expect, it } from 'vitest';
import { QUERY_GC_TIME_MS } from '@dcbrief/shared';
import { fakeApi } from '@/test/fake-api';
import { apiRequest } from './api-request';
import { isUnauthorizedError, serverErrorMessage } from './api-error';
import { createQueryClient } from './queryClient';

describe('apiRequest (spec section 7 and 8)', () => {
  it('sends credentials, and JSON with its content type only when there is a body', async () => {
    const api = fakeApi({ 'POST /api/waitlist': { status: 201, body: { ok: true } }, 'GET /api/digests': { status: 200, body: [] } });
    await apiRequest('POST', '/api/waitlist', { email: 'a@b.co' });
    await apiRequest('GET', '/api/digests');
    expect(api.calls[0]).toMatchObject({ credentials: 'include', contentType: 'application/json', body: { email: 'a@b.co' } });
    expect(api.calls[1]).toMatchObject({ credentials: 'include', contentType: null, body: undefined });
  });

  it('turns a non-success answer into "STATUS: body", or the status text when the body is empty', async () => {
    fakeApi({
      'POST /api/waitlist': { status: 409, body: { message: 'This email is already on the waitlist' } },
      'GET /api/feedback': { status: 503, statusText: 'Service Unavailable' },
    });
    const conflict = await apiRequest('POST', '/api/waitlist', {}).catch((e: Error) => e);
    expect((conflict as Error).message).toBe('409: {"message":"This email is already on the waitlist"}');
    expect(serverErrorMessage(conflict)).toBe('This email is already on the waitlist');
    const empty = await apiRequest('GET', '/api/feedback').catch((e: Error) => e);
    expect((empty as Error).message).toBe('503: Service Unavailable');
    expect(serverErrorMessage(empty)).toBeNull();
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(serverErrorMessage(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('query client (spec section 7)', () => {
  it('reads the address made of the key segments joined with "/", and never goes stale or retries', async () => {
    const api = fakeApi({ 'GET /api/digests/recent': { status: 200, body: [1, 2] } });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/digests', 'recent'] })).resolves.toEqual([1, 2]);
    const defaults = client.getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
      gcTime: QUERY_GC_TIME_MS,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
    await client.fetchQuery({ queryKey: ['/api/digests', 'recent'] });
    expect(api.calls).toHaveLength(1);
  });
});
