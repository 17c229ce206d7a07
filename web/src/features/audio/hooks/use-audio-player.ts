import { createContext, useContext } from 'react';
import type { Episode } from '@dcbrief/shared';

export interface PlayerControls {
  episode: Episode | null;
  play(episode: Episode): void;
}

export const PlayerContext = createContext<PlayerControls | null>(null);

/** The player every screen shares: Listen and the Audio Library start it, it stays while the reader moves on. */
export function useAudioPlayer(): PlayerControls {
  const controls = useContext(PlayerContext);
  if (!controls) throw new Error('useAudioPlayer outside AudioPlayerProvider');
  return controls;
}
