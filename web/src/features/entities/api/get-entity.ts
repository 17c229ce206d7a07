import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityDetail } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/entities/:id through the default query function (the key's segments joined with '/'). */
export const entityQueryOptions = (id: string) => queryOptions<EntityDetail>({ queryKey: queryKeys.entity(encodeURIComponent(id)) });

export function useEntity(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...entityQueryOptions(id), enabled });
}
