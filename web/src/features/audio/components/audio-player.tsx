import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Episode, EpisodeRatings } from '@dcbrief/shared';
import { apiUrl } from '@/lib/api-client';
import { PlayerContext } from '../hooks/use-audio-player';
import { useEpisodeElement } from '../hooks/use-episode-element';
import { useMediaSession } from '../hooks/use-media-session';
import { usePlaybackSpeed } from '../hooks/use-playback-speed';
import { usePlayerRatings } from '../hooks/use-player-ratings';
import { useTranscriptCue } from '../hooks/use-transcript-cue';
import { PlayerBar } from './player-bar';

/**
 * Holds one <audio> element for the whole app (above the router), the episode it plays, and the bar at the
 * bottom of the screen (player-bar.tsx). The element (use-episode-element.ts) resumes where the subscriber
 * stopped on any device and saves the position; the speed starts from the saved preference; the transcript
 * follows the current sentence; the operating system's media controls drive it; ratings go from the bar.
 */
export function AudioPlayerProvider({ children }: { children: ReactNode }) {
  const [episode, setEpisode] = useState<Episode | null>(null);
  const speed = usePlaybackSpeed();
  const element = useEpisodeElement(episode, speed.rate);
  const transcriptSrc = episode ? apiUrl(episode.transcriptUrl) : null;
  const { cue, clearCue } = useTranscriptCue(element.audioRef, transcriptSrc);
  useMediaSession(episode, element);
  const ratings = usePlayerRatings(episode, (digestId: string, saved: EpisodeRatings) =>
    setEpisode((e) => (e && e.digestId === digestId ? { ...e, rating: saved.rating, storyVotes: saved.storyVotes } : e)),
  );

  const { audioRef, play: resumePlaying, showTime } = element;
  const play = useCallback(
    (next: Episode) => {
      if (!audioRef.current) return;
      if (episode?.digestId === next.digestId) return resumePlaying();
      setEpisode(next);
      showTime(next.positionSec);
      clearCue();
    },
    [audioRef, episode, resumePlaying, showTime, clearCue],
  );
  const controls = useMemo(() => ({ episode, play }), [episode, play]);

  const close = () => {
    element.pause();
    setEpisode(null);
  };

  return (
    <PlayerContext.Provider value={controls}>
      {children}
      <audio ref={audioRef} preload="metadata" data-testid="audio-element" {...element.events}>
        {transcriptSrc && <track kind="captions" srcLang="en" label="Transcript" src={transcriptSrc} default />}
      </audio>
      <PlayerBar episode={episode} element={element} speed={speed} ratings={ratings} cue={cue} onClose={close} />
    </PlayerContext.Provider>
  );
}
