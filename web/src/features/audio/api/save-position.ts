import type { QueryClient } from '@tanstack/react-query';
import type { EpisodePosition } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { episodesQueryOptions } from './get-episodes';

/** PUT /api/audio/episodes/:digestId/position, and the cached list follows (the next play resumes there). */
export async function saveEpisodePosition(queryClient: QueryClient, digestId: string, positionSec: number): Promise<void> {
  const body: EpisodePosition = { positionSec: Math.round(positionSec * 10) / 10 };
  await apiRequest('PUT', `/api/audio/episodes/${digestId}/position`, body);
  queryClient.setQueryData(episodesQueryOptions.queryKey, (list) =>
    list?.map((e) => (e.digestId === digestId ? { ...e, positionSec: body.positionSec } : e)),
  );
}
