import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Digest } from '@dcbrief/shared';
import { throwIfResNotOk } from '@/lib/api-request';

/** GET /api/digests?q=: the subscriber's digests whose titles, stories, summaries or sources match. */
export async function searchDigests(query: string): Promise<Digest[]> {
  const res = await fetch(`/api/digests?q=${encodeURIComponent(query)}`, { credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as Digest[];
}

export function useDigestSearch(query: string, { enabled }: { enabled: boolean }) {
  return useQuery<Digest[]>({
    queryKey: ['/api/digests', 'search', query],
    queryFn: () => searchDigests(query),
    enabled: enabled && query.length > 0,
    placeholderData: keepPreviousData,
  });
}
