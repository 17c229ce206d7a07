import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveEpisodePosition } from '../api/save-position';

/** How often the position is saved while playing (and on pause, on a chapter jump, on leaving the page). */
const SAVE_EVERY_SEC = 10;

/**
 * The position saved to the server, so any device resumes there: `save` now (pause, a chapter jump), `played`
 * on each time update (saves every SAVE_EVERY_SEC of listening), and on leaving the page.
 */
export function useSavedPosition(audioRef: RefObject<HTMLAudioElement | null>, digestId: string | null) {
  const queryClient = useQueryClient();
  const lastSaved = useRef(0);

  const save = useCallback(() => {
    const el = audioRef.current;
    if (!digestId || !el) return;
    lastSaved.current = el.currentTime;
    saveEpisodePosition(queryClient, digestId, el.currentTime).catch(() => undefined);
  }, [audioRef, digestId, queryClient]);

  const played = useCallback(
    (time: number) => {
      if (Math.abs(time - lastSaved.current) >= SAVE_EVERY_SEC) save();
    },
    [save],
  );

  useEffect(() => {
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [save]);

  return { save, played };
}
