import { useState } from 'react';
import type { Episode, EpisodeRatings, StoryVote } from '@dcbrief/shared';
import { toast } from '@/hooks/use-toast';
import { useRateEpisode } from '../api/rate-episode';

/**
 * Rating from the player (decision 406): the episode 1-5 and each story's thumbs. `status` is what the screen
 * reader hears once a rating is saved, or kept on this device while offline (decision 611); a refusal is a toast.
 */
export function usePlayerRatings(episode: Episode | null, onSaved: (digestId: string, saved: EpisodeRatings) => void) {
  const [status, setStatus] = useState('');
  const ratings = useRateEpisode(onSaved);
  const ratedAs = (said: string) => (outcome: { queued: boolean }) =>
    setStatus(outcome.queued ? `${said}, saved on this device until you are back online` : said);
  const failed = (err: unknown) =>
    toast({ variant: 'destructive', title: 'Your rating was not saved', description: err instanceof Error ? err.message : undefined });

  const rate = (rating: number) => {
    if (!episode) return;
    ratings.rate.mutate(
      { digestId: episode.digestId, current: episode, rating },
      { onSuccess: ratedAs(`Episode rated ${rating} of 5`), onError: failed },
    );
  };
  const vote = (storyId: string, vote: StoryVote | null) => {
    if (!episode) return;
    ratings.vote.mutate(
      { digestId: episode.digestId, current: episode, storyId, vote },
      { onSuccess: ratedAs(vote ? `Story rated thumbs ${vote}` : 'Story rating taken back'), onError: failed },
    );
  };
  return { rate, vote, busy: ratings.rate.isPending || ratings.vote.isPending, status };
}

export type PlayerRatings = ReturnType<typeof usePlayerRatings>;
