import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntityDetail, EntityListItem } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/follows/:entityId follows, DELETE unfollows; the entity's page shows the answer at once. An empty JSON
 * body goes along: API writes take JSON only (a bodiless PUT still says `Content-Length: 0`, and is a 415).
 */
export function followEntity(entityId: string, follow: boolean): Promise<unknown> {
  return apiRequest(follow ? 'PUT' : 'DELETE', `/api/follows/${encodeURIComponent(entityId)}`, {});
}

export function useFollowEntity(entityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => followEntity(entityId, follow),
    onSuccess: (_answer, follow) => {
      // Every cached page of it: opened by its own id or by one merged into it.
      queryClient.setQueriesData<EntityDetail | EntityListItem[]>({ queryKey: queryKeys.entities }, (old) =>
        old && !Array.isArray(old) && old.id === entityId ? { ...old, followed: follow } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.follows });
    },
  });
}
