import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EpisodeRating, EpisodeRatings, StoryVote, StoryVoteInput } from '@dcbrief/shared';
import { useCurrentUser } from '@/lib/auth';
import { sendOrKeep } from '@/lib/pending-writes';
import { queryKeys } from '@/lib/query-keys';
import { episodesQueryOptions } from './get-episodes';

/** The cached episodes, the dashboard's figures and the recent activity follow a new rating. */
function remember(queryClient: QueryClient, digestId: string, saved: EpisodeRatings, queued: boolean) {
  queryClient.setQueryData(episodesQueryOptions.queryKey, (list) => list?.map((e) => (e.digestId === digestId ? { ...e, ...saved } : e)));
  // Kept on the device, not sent yet: nothing new to read until it is (app/pending-writes-sender.ts reads then).
  if (queued) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.feedback });
  // The digests' key holds their stats (the thumbs count there).
  void queryClient.invalidateQueries({ queryKey: queryKeys.digests });
}

/** The ratings as they are once a kept write is sent: the episode's as shown, with this change. */
function withChange(current: EpisodeRatings, change: { rating: number } | { storyId: string; vote: StoryVote | null }): EpisodeRatings {
  if ('rating' in change) return { rating: change.rating, storyVotes: current.storyVotes };
  const storyVotes = { ...current.storyVotes };
  if (change.vote) storyVotes[change.storyId] = change.vote;
  else delete storyVotes[change.storyId];
  return { rating: current.rating, storyVotes };
}

/**
 * The player's ratings of one episode (decision 406): PUT .../rating (1-5, rating again replaces it) and
 * PUT .../stories/:storyId/vote (a thumb up or down, `null` takes it back). Each answers the episode's ratings.
 * Without a network they are kept on this device and sent when it is back (docs/decisions/611); `onSaved` then
 * gets the ratings as they will be, and `queued`.
 */
export function useRateEpisode(onSaved: (digestId: string, saved: EpisodeRatings, queued: boolean) => void) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?.id ?? '';
  const rate = useMutation({
    networkMode: 'always',
    mutationFn: ({ digestId, rating }: { digestId: string; current: EpisodeRatings } & EpisodeRating) =>
      sendOrKeep<EpisodeRatings>({
        key: `episode-rating:${digestId}`,
        userId,
        method: 'PUT',
        path: `/api/audio/episodes/${digestId}/rating`,
        body: { rating } satisfies EpisodeRating,
      }),
    onSuccess: (outcome, { digestId, current, rating }) => {
      const saved = outcome.queued ? withChange(current, { rating }) : outcome.answer;
      remember(queryClient, digestId, saved, outcome.queued);
      onSaved(digestId, saved, outcome.queued);
    },
  });
  const vote = useMutation({
    networkMode: 'always',
    mutationFn: ({ digestId, storyId, vote }: { digestId: string; current: EpisodeRatings; storyId: string; vote: StoryVote | null }) =>
      sendOrKeep<EpisodeRatings>({
        key: `story-vote:${digestId}:${storyId}`,
        userId,
        method: 'PUT',
        path: `/api/audio/episodes/${digestId}/stories/${encodeURIComponent(storyId)}/vote`,
        body: { vote } satisfies StoryVoteInput,
      }),
    onSuccess: (outcome, { digestId, current, storyId, vote }) => {
      const saved = outcome.queued ? withChange(current, { storyId, vote }) : outcome.answer;
      remember(queryClient, digestId, saved, outcome.queued);
      onSaved(digestId, saved, outcome.queued);
    },
  });
  return { rate, vote };
}
