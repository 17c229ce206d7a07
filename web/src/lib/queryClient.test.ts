import { describe, expect, it } from 'vitest';
import { QUERY_GC_TIME_MS } from '@/lib/ui-timings';
import { fakeApi, signedOut } from '@/test/fake-api';
import { ApiError } from './api-error';
import { createQueryClient, getQueryFn } from './queryClient';

describe('query client (docs/SPEC.md §7)', () => {
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
    expect(api.calls[0]).toMatchObject({ credentials: 'include' });
  });

  it('reads a 401 as "nobody" where asked to, and as an error everywhere else', async () => {
    fakeApi({ 'GET /api/auth/user': signedOut });
    const queryKey = ['/api/auth/user'];
    await expect(createQueryClient().fetchQuery({ queryKey, queryFn: getQueryFn({ on401: 'returnNull' }) })).resolves.toBeNull();
    const error = await createQueryClient()
      .fetchQuery({ queryKey })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });
});
