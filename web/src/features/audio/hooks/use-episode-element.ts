import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Episode } from '@dcbrief/shared';
import { apiUrl } from '@/lib/api-client';
import { chapterStart } from './episode-chapters';
import { useSavedPosition } from './use-saved-position';

/**
 * The one <audio> element and what it does with the episode: a new episode is loaded, resumed where its
 * subscriber stopped (on any device) and played at `rate`; the element's events keep `playing` and `time`,
 * and the position saved.
 */
export function useEpisodeElement(episode: Episode | null, rate: number) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const position = useSavedPosition(audioRef, episode?.digestId ?? null);

  // A new episode: load it, resume, play. Its ratings changing (a new Episode object) loads nothing.
  const resume = useEffectEvent((el: HTMLAudioElement) => {
    if (!episode) return;
    el.currentTime = episode.positionSec < episode.durationSec - 1 ? episode.positionSec : 0;
    el.playbackRate = rate;
    void el.play().catch(() => setPlaying(false));
  });
  const src = episode ? apiUrl(episode.audioUrl) : null;
  useEffect(() => {
    const el = audioRef.current;
    if (!el || !src) return;
    const loaded = () => resume(el);
    el.addEventListener('loadedmetadata', loaded, { once: true });
    el.src = src;
    el.load();
    return () => el.removeEventListener('loadedmetadata', loaded);
  }, [src]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = rate;
  }, [rate]);

  const play = useCallback(() => void audioRef.current?.play(), []);
  const pause = useCallback(() => audioRef.current?.pause(), []);
  const seek = useCallback((sec: number) => {
    if (audioRef.current) audioRef.current.currentTime = sec;
  }, []);
  const { save, played } = position;
  const seekChapter = useCallback(
    (step: 1 | -1) => {
      const el = audioRef.current;
      if (!el || !episode) return;
      el.currentTime = chapterStart(episode, el.currentTime, step);
      setTime(el.currentTime);
      save();
    },
    [episode, save],
  );

  /** The <audio> element's own events. */
  const events = {
    onPlay: () => setPlaying(true),
    onPause: () => {
      setPlaying(false);
      save();
    },
    onTimeUpdate: (e: { currentTarget: HTMLAudioElement }) => {
      const t = e.currentTarget.currentTime;
      setTime(t);
      played(t);
    },
  };

  return { audioRef, events, playing, time, showTime: setTime, play, pause, seek, seekChapter };
}

export type EpisodeElement = ReturnType<typeof useEpisodeElement>;
