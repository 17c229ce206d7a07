import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudioFeed } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const audioFeedQueryOptions = queryOptions<AudioFeed>({ queryKey: queryKeys.audioFeed });

/** GET /api/audio/feed: whether the private podcast feed exists (its address is shown only when made). */
export function useAudioFeed({ enabled }: { enabled: boolean }) {
  return useQuery({ ...audioFeedQueryOptions, enabled });
}

/** POST /api/audio/feed/rotate: a new private address; the old one stops working. */
export function useRotateAudioFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AudioFeed>('POST', '/api/audio/feed/rotate', {}),
    onSuccess: (feed) => queryClient.setQueryData(audioFeedQueryOptions.queryKey, feed),
  });
}

/** DELETE /api/audio/feed: no address works any more. */
export function useRevokeAudioFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AudioFeed>('DELETE', '/api/audio/feed'),
    onSuccess: (feed) => queryClient.setQueryData(audioFeedQueryOptions.queryKey, feed),
  });
}
