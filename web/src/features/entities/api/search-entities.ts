import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EntityListItem } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/entities?q=: entities whose name or an alias, in any language, matches. */
export function searchEntities(query: string): Promise<EntityListItem[]> {
  return apiRequest<EntityListItem[]>('GET', `/api/entities?q=${encodeURIComponent(query)}`);
}

export function useEntitySearch(query: string, { enabled }: { enabled: boolean }) {
  return useQuery<EntityListItem[]>({
    queryKey: queryKeys.entitySearch(query),
    queryFn: () => searchEntities(query),
    enabled: enabled && query.length > 0,
    placeholderData: keepPreviousData,
  });
}
