import { useQuery } from '@tanstack/react-query';
import type { Episode } from '@dcbrief/shared';

export const episodesQueryKey = ['/api/audio/episodes'] as const;

/** GET /api/audio/episodes: the subscriber's audio digests, newest first (active premium only). */
export function useEpisodes({ enabled }: { enabled: boolean }) {
  return useQuery<Episode[]>({ queryKey: episodesQueryKey, enabled });
}
