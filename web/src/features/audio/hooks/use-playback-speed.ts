import { useState } from 'react';
import { useCurrentUser } from '@/lib/auth';

/** The player's speed: the subscriber's saved preference until they choose another one in the bar. */
export function usePlaybackSpeed() {
  const { user } = useCurrentUser();
  const [chosen, choose] = useState<number | null>(null);
  return { rate: chosen ?? user?.preferences.audio.playbackSpeed ?? 1, choose };
}
