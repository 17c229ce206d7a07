import { hasPremiumAccess, type Episode, type User } from '@dcbrief/shared';
import { useEpisodes } from '../api/get-episodes';
import { useAudioPlayer } from './use-audio-player';

/** What Listen does: play the newest ready episode, or say (visibly, and again when clicked) why there is none. */
export type ListenAction = { play: () => void; episode: Episode } | { hint: string };

export const LISTEN_HINTS = {
  loading: 'Loading your episodes…',
  off: 'Audio is off: turn on “Generate audio digest” in Audio Intelligence Settings on your dashboard.',
  preparing: 'Preparing today’s episode…',
  none: 'No episode yet today: it is made before your delivery hour.',
  failed: 'Your episodes could not be loaded. Try again in a moment.',
} as const;

/**
 * Listen for an active premium subscriber (spec): with the "generate audio digest" toggle off there are no
 * episodes and Listen says so; while the list loads, or when no episode is ready, it says that instead of
 * playing nothing.
 */
export function useListen(user: User): ListenAction {
  const premium = hasPremiumAccess(user);
  const audioOn = user.preferences.audio.enabled;
  const episodes = useEpisodes({ enabled: premium });
  const player = useAudioPlayer();
  if (!audioOn) return { hint: LISTEN_HINTS.off };
  if (episodes.isLoading) return { hint: LISTEN_HINTS.loading };
  if (episodes.isError) return { hint: LISTEN_HINTS.failed };
  const latest = episodes.data?.find((e) => e.state === 'ready');
  if (latest) return { play: () => player.play(latest), episode: latest };
  return {
    hint: episodes.data?.some((e) => e.state === 'pending' || e.state === 'preparing') ? LISTEN_HINTS.preparing : LISTEN_HINTS.none,
  };
}
