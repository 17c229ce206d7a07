import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Follow } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function followEntity(entityId: string): Promise<Follow> {
  return apiRequest<Follow>('PUT', `/api/follows/${encodeURIComponent(entityId)}`, {});
}

/** PUT /api/follows/:entityId (following twice is the same); the follows and the suggestions are read again. */
export function useFollowEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followEntity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.follows }),
  });
}
