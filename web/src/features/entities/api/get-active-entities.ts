import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityListItem } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/entities/active: the week's most active companies, sites and places. */
export const activeEntitiesQueryOptions = () => queryOptions<EntityListItem[]>({ queryKey: queryKeys.activeEntities });

export function useActiveEntities({ enabled }: { enabled: boolean }) {
  return useQuery({ ...activeEntitiesQueryOptions(), enabled });
}
