import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Episode } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

export const episodesQueryOptions = queryOptions<Episode[]>({ queryKey: queryKeys.episodes });

/** GET /api/audio/episodes: the subscriber's audio digests, newest first (active premium only). */
export function useEpisodes({ enabled }: { enabled: boolean }) {
  return useQuery({ ...episodesQueryOptions, enabled });
}
