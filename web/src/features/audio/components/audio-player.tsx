import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Pause, Play, SkipBack, SkipForward, X } from 'lucide-react';
import { PLAYBACK_SPEEDS, type Episode, type EpisodeChapter } from '@dcbrief/shared';
import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { toast } from '@/hooks/use-toast';
import { useRateEpisode } from '../api/rate-episode';
import { saveEpisodePosition } from '../api/save-position';
import { EpisodeStars, StoryThumbs } from './episode-rating';

/** How often the position is saved while playing (and on pause, on a chapter jump, on leaving the page). */
const SAVE_EVERY_SEC = 10;
/** "Previous story" this far into a story starts it again; earlier, it goes to the one before. */
const RESTART_WITHIN_SEC = 3;

interface PlayerControls {
  episode: Episode | null;
  play(episode: Episode): void;
}

const PlayerContext = createContext<PlayerControls | null>(null);

/** The player every screen shares: Listen and the Audio Library start it, it stays while the reader moves on. */
export function useAudioPlayer(): PlayerControls {
  const controls = useContext(PlayerContext);
  if (!controls) throw new Error('useAudioPlayer outside AudioPlayerProvider');
  return controls;
}

export const formatTime = (sec: number) => {
  const s = Math.max(0, Math.floor(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The spec's wording: 0.75x, 1.0x, 1.25x, 1.5x. */
export const speedLabel = (speed: number) => `${Number.isInteger(speed) ? speed.toFixed(1) : String(speed)}x`;

const isStory = (c: EpisodeChapter): c is EpisodeChapter & { storyId: string } => !!c.storyId;

function chapterAt(episode: Episode, time: number): number {
  let index = 0;
  episode.chapters.forEach((c, i) => {
    if (time >= c.startSec - 0.05) index = i;
  });
  return index;
}

/**
 * Holds one <audio> element for the whole app (above the router), the episode it plays, and the bar at the
 * bottom of the screen: play/pause, previous/next story (the episode's chapters), the speed (the player's
 * playbackRate, starting from the saved preference), the position saved to the server and resumed on any
 * device, the transcript with the current story, and the operating system's media controls.
 */
export function AudioPlayerProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement>(null);
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const preferred = user?.preferences.audio.playbackSpeed ?? 1;
  const [episode, setEpisode] = useState<Episode | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [speed, setSpeed] = useState<number | null>(null);
  const [cue, setCue] = useState('');
  const [showTranscript, setShowTranscript] = useState(false);
  const lastSaved = useRef(0);
  const rate = speed ?? preferred;
  const [ratingSaved, setRatingSaved] = useState('');
  const ratings = useRateEpisode((digestId, saved) =>
    setEpisode((e) => (e && e.digestId === digestId ? { ...e, rating: saved.rating, storyVotes: saved.storyVotes } : e)),
  );
  /** What the status line says once a rating is saved, or kept on this device while offline (decision 611). */
  const ratedAs = (said: string) => (outcome: { queued: boolean }) =>
    setRatingSaved(outcome.queued ? `${said}, saved on this device until you are back online` : said);
  const rateFailed = (err: unknown) =>
    toast({ variant: 'destructive', title: 'Your rating was not saved', description: err instanceof Error ? err.message : undefined });
  const rateEpisode = (rating: number) => {
    if (!episode) return;
    ratings.rate.mutate(
      { digestId: episode.digestId, current: episode, rating },
      { onSuccess: ratedAs(`Episode rated ${rating} of 5`), onError: rateFailed },
    );
  };
  const voteStory = (storyId: string, vote: 'up' | 'down' | null) => {
    if (!episode) return;
    ratings.vote.mutate(
      { digestId: episode.digestId, current: episode, storyId, vote },
      { onSuccess: ratedAs(vote ? `Story rated thumbs ${vote}` : 'Story rating taken back'), onError: rateFailed },
    );
  };
  const ratingBusy = ratings.rate.isPending || ratings.vote.isPending;

  const save = useCallback(() => {
    const el = audio.current;
    if (!episode || !el) return;
    lastSaved.current = el.currentTime;
    saveEpisodePosition(queryClient, episode.digestId, el.currentTime).catch(() => undefined);
  }, [episode, queryClient]);

  const play = useCallback(
    (next: Episode) => {
      const el = audio.current;
      if (!el) return;
      if (episode?.digestId === next.digestId) {
        void el.play();
        return;
      }
      setEpisode(next);
      setTime(next.positionSec);
      setCue('');
    },
    [episode],
  );

  // A new episode: load it, resume where its subscriber stopped, play. Its ratings changing loads nothing.
  const resume = useEffectEvent((el: HTMLAudioElement) => {
    if (!episode) return;
    el.currentTime = episode.positionSec < episode.durationSec - 1 ? episode.positionSec : 0;
    el.playbackRate = rate;
    void el.play().catch(() => setPlaying(false));
  });
  const src = episode ? apiUrl(episode.audioUrl) : null;
  useEffect(() => {
    const el = audio.current;
    if (!el || !src) return;
    const loaded = () => resume(el);
    el.addEventListener('loadedmetadata', loaded, { once: true });
    el.src = src;
    el.load();
    return () => el.removeEventListener('loadedmetadata', loaded);
  }, [src]);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate]);

  // The transcript's current sentence (WebVTT cues on a hidden track).
  useEffect(() => {
    const el = audio.current;
    if (!el || !episode) return;
    const track = el.textTracks[0];
    if (!track) return;
    track.mode = 'hidden';
    const onCue = () => {
      const active = track.activeCues?.[0] as VTTCue | undefined;
      if (active) setCue(active.text);
    };
    track.addEventListener('cuechange', onCue);
    return () => track.removeEventListener('cuechange', onCue);
  }, [episode]);

  const seekChapter = useCallback(
    (step: 1 | -1) => {
      const el = audio.current;
      if (!el || !episode) return;
      const i = chapterAt(episode, el.currentTime);
      const current = episode.chapters[i]!;
      const target =
        step === -1 && el.currentTime - current.startSec > RESTART_WITHIN_SEC
          ? i
          : Math.min(Math.max(i + step, 0), episode.chapters.length - 1);
      el.currentTime = episode.chapters[target]!.startSec;
      setTime(el.currentTime);
      save();
    },
    [episode, save],
  );

  // The operating system's media controls (lock screen, headset buttons, media keys).
  useEffect(() => {
    if (!episode || !('mediaSession' in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({ title: episode.title, artist: 'DC Brief', album: 'Audio digest' });
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => void audio.current?.play()],
      ['pause', () => audio.current?.pause()],
      ['previoustrack', () => seekChapter(-1)],
      ['nexttrack', () => seekChapter(1)],
      ['seekto', (d) => d.seekTime !== undefined && audio.current && (audio.current.currentTime = d.seekTime)],
    ];
    for (const [action, handler] of handlers) navigator.mediaSession.setActionHandler(action, handler);
    return () => {
      for (const [action] of handlers) navigator.mediaSession.setActionHandler(action, null);
    };
  }, [episode, seekChapter]);

  useEffect(() => {
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [save]);

  const controls = useMemo(() => ({ episode, play }), [episode, play]);
  const chapter = episode ? chapterAt(episode, time) : 0;
  const stories = episode ? episode.chapters.filter((c) => c.storyId).length : 0;
  const current = episode?.chapters[chapter];
  const storyNumber = episode ? episode.chapters.slice(0, chapter + 1).filter((c) => c.storyId).length : 0;

  return (
    <PlayerContext.Provider value={controls}>
      {children}
      <audio
        ref={audio}
        preload="metadata"
        data-testid="audio-element"
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          save();
        }}
        onTimeUpdate={(e) => {
          const t = e.currentTarget.currentTime;
          setTime(t);
          if (Math.abs(t - lastSaved.current) >= SAVE_EVERY_SEC) save();
        }}
      >
        {episode && <track kind="captions" srcLang="en" label="Transcript" src={apiUrl(episode.transcriptUrl)} default />}
      </audio>
      {episode && current && (
        <>
          <div aria-hidden="true" className="h-56 sm:h-32" />
          <section
            aria-label="Audio player"
            className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-lg backdrop-blur"
          >
            {showTranscript && (
              <div
                className="mx-auto max-h-64 max-w-6xl overflow-y-auto border-b border-slate-100 px-4 py-3 sm:px-6"
                aria-label="Transcript"
              >
                <ol className="grid gap-1 text-sm">
                  {episode.chapters.map((c, i) => (
                    <li
                      key={`${c.startSec}`}
                      aria-current={i === chapter ? 'true' : undefined}
                      className={cn(
                        'flex items-start gap-2 rounded px-2 py-1',
                        i === chapter ? 'bg-blue-50 font-medium text-blue-900' : 'text-slate-600',
                      )}
                    >
                      <div className="min-w-0 flex-1 py-2">
                        <button
                          type="button"
                          className="text-left"
                          onClick={() => audio.current && (audio.current.currentTime = c.startSec)}
                        >
                          <span className="tabular-nums text-slate-500">{formatTime(c.startSec)}</span> {c.title}
                        </button>
                        {i === chapter && cue && <p className="mt-1 font-normal text-slate-700">{cue}</p>}
                      </div>
                      {isStory(c) && <StoryThumbs episode={episode} chapter={c} onVote={voteStory} busy={ratingBusy} />}
                    </li>
                  ))}
                </ol>
              </div>
            )}
            <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate text-sm font-semibold text-slate-900">{episode.title}</p>
                <p className="truncate text-xs text-slate-600" data-testid="current-chapter">
                  {current.storyId ? `Story ${storyNumber} of ${stories}: ${current.title}` : current.title}
                </p>
              </div>
              <div className="flex items-center gap-1">
                <Button type="button" variant="ghost" size="icon" aria-label="Previous story" onClick={() => seekChapter(-1)}>
                  <SkipBack aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  aria-label={playing ? 'Pause' : 'Play'}
                  onClick={() => (playing ? audio.current?.pause() : void audio.current?.play())}
                >
                  {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                </Button>
                <Button type="button" variant="ghost" size="icon" aria-label="Next story" onClick={() => seekChapter(1)}>
                  <SkipForward aria-hidden="true" />
                </Button>
              </div>
              <div className="flex min-w-0 flex-1 basis-56 items-center gap-2">
                <span className="text-xs tabular-nums text-slate-600">{formatTime(time)}</span>
                <input
                  type="range"
                  aria-label="Position"
                  className="min-w-0 flex-1 accent-blue-700 touch:h-11"
                  min={0}
                  max={Math.max(1, Math.round(episode.durationSec))}
                  value={Math.round(time)}
                  onChange={(e) => {
                    if (audio.current) audio.current.currentTime = Number(e.target.value);
                  }}
                />
                <span className="text-xs tabular-nums text-slate-600">{formatTime(episode.durationSec)}</span>
              </div>
              <label className="flex items-center gap-1 text-xs text-slate-600">
                <span>Speed</span>
                <select
                  aria-label="Playback speed"
                  className="rounded border border-slate-300 bg-white px-1 py-1 text-sm text-slate-900 touch:h-11 touch:px-2"
                  value={String(rate)}
                  onChange={(e) => setSpeed(Number(e.target.value))}
                >
                  {PLAYBACK_SPEEDS.map((s) => (
                    <option key={s} value={String(s)}>
                      {speedLabel(s)}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="button" variant="ghost" size="sm" aria-expanded={showTranscript} onClick={() => setShowTranscript((v) => !v)}>
                {showTranscript ? <ChevronDown aria-hidden="true" /> : <ChevronUp aria-hidden="true" />}
                Transcript
              </Button>
              <div className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 border-t border-slate-100 pt-2 sm:w-auto sm:border-0 sm:pt-0">
                <EpisodeStars episode={episode} onRate={rateEpisode} busy={ratingBusy} />
                {isStory(current) && (
                  <div className="flex items-center gap-1">
                    <span className="text-xs text-slate-600" aria-hidden="true">
                      This story
                    </span>
                    <StoryThumbs episode={episode} chapter={current} onVote={voteStory} busy={ratingBusy} />
                  </div>
                )}
                <p className="sr-only" role="status">
                  {ratingSaved}
                </p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label="Close player"
                onClick={() => {
                  audio.current?.pause();
                  setEpisode(null);
                }}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          </section>
        </>
      )}
    </PlayerContext.Provider>
  );
}
