import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Episode, EpisodeRating, EpisodeRatings, StoryVote, StoryVoteInput } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { episodesQueryKey } from './get-episodes';

/** The cached episodes, the dashboard's figures and the recent activity follow a new rating. */
function remember(queryClient: QueryClient, digestId: string, saved: EpisodeRatings) {
  queryClient.setQueryData<Episode[]>(episodesQueryKey, (list) => list?.map((e) => (e.digestId === digestId ? { ...e, ...saved } : e)));
  void queryClient.invalidateQueries({ queryKey: ['/api/feedback'] });
  // The digests' key holds their stats (the thumbs count there).
  void queryClient.invalidateQueries({ queryKey: ['/api/digests'] });
}

/**
 * The player's ratings of one episode (decision 406): PUT .../rating (1-5, rating again replaces it) and
 * PUT .../stories/:storyId/vote (a thumb up or down, `null` takes it back). Each answers the episode's ratings.
 */
export function useRateEpisode(onSaved: (digestId: string, saved: EpisodeRatings) => void) {
  const queryClient = useQueryClient();
  const rate = useMutation({
    mutationFn: ({ digestId, rating }: { digestId: string } & EpisodeRating) =>
      apiRequest<EpisodeRatings>('PUT', `/api/audio/episodes/${digestId}/rating`, { rating } satisfies EpisodeRating),
    onSuccess: (saved, { digestId }) => {
      remember(queryClient, digestId, saved);
      onSaved(digestId, saved);
    },
  });
  const vote = useMutation({
    mutationFn: ({ digestId, storyId, vote }: { digestId: string; storyId: string; vote: StoryVote | null }) =>
      apiRequest<EpisodeRatings>('PUT', `/api/audio/episodes/${digestId}/stories/${encodeURIComponent(storyId)}/vote`, {
        vote,
      } satisfies StoryVoteInput),
    onSuccess: (saved, { digestId }) => {
      remember(queryClient, digestId, saved);
      onSaved(digestId, saved);
    },
  });
  return { rate, vote };
}
