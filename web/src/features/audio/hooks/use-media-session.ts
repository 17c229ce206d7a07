import { useEffect, useEffectEvent } from 'react';
import type { Episode } from '@dcbrief/shared';
import type { EpisodeElement } from './use-episode-element';

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'previoustrack', 'nexttrack', 'seekto'];

/** The operating system's media controls (lock screen, headset buttons, media keys) drive the player. */
export function useMediaSession(episode: Episode | null, element: Pick<EpisodeElement, 'play' | 'pause' | 'seek' | 'seekChapter'>) {
  const act = useEffectEvent((action: MediaSessionAction, details: MediaSessionActionDetails) => {
    if (action === 'play') element.play();
    else if (action === 'pause') element.pause();
    else if (action === 'previoustrack') element.seekChapter(-1);
    else if (action === 'nexttrack') element.seekChapter(1);
    else if (action === 'seekto' && details.seekTime !== undefined) element.seek(details.seekTime);
  });
  const title = episode?.title ?? null;
  useEffect(() => {
    if (title === null || !('mediaSession' in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({ title, artist: 'DC Brief', album: 'Audio digest' });
    for (const action of ACTIONS) navigator.mediaSession.setActionHandler(action, (details) => act(action, details));
    return () => {
      for (const action of ACTIONS) navigator.mediaSession.setActionHandler(action, null);
    };
  }, [title]);
}
