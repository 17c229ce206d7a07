import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Digest } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/digests?q=: the subscriber's digests whose titles, stories, summaries or sources match. */
export function searchDigests(query: string): Promise<Digest[]> {
  return apiRequest<Digest[]>('GET', `/api/digests?q=${encodeURIComponent(query)}`);
}

export function useDigestSearch(query: string, { enabled }: { enabled: boolean }) {
  return useQuery<Digest[]>({
    queryKey: queryKeys.digestSearch(query),
    queryFn: () => searchDigests(query),
    enabled: enabled && query.length > 0,
    placeholderData: keepPreviousData,
  });
}
