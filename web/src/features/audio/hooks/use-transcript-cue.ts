import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * The transcript's current sentence: the WebVTT cues of the element's (hidden) text track, followed while the
 * transcript at `transcriptSrc` is the one loaded.
 */
export function useTranscriptCue(audioRef: RefObject<HTMLAudioElement | null>, transcriptSrc: string | null) {
  const [cue, setCue] = useState('');
  useEffect(() => {
    const el = audioRef.current;
    if (!el || !transcriptSrc) return;
    const track = el.textTracks[0];
    if (!track) return;
    track.mode = 'hidden';
    const onCue = () => {
      const active = track.activeCues?.[0] as VTTCue | undefined;
      if (active) setCue(active.text);
    };
    track.addEventListener('cuechange', onCue);
    return () => track.removeEventListener('cuechange', onCue);
  }, [audioRef, transcriptSrc]);
  const clearCue = useCallback(() => setCue(''), []);
  return { cue, clearCue };
}
