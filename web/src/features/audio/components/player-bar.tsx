import { useState } from 'react';
import { ChevronDown, ChevronUp, Pause, Play, SkipBack, SkipForward, X } from 'lucide-react';
import { PLAYBACK_SPEEDS, type Episode } from '@dcbrief/shared';
import { Button } from '@/components/ui/button';
import { chapterAt, chapterLine, isStory } from '../hooks/episode-chapters';
import type { EpisodeElement } from '../hooks/use-episode-element';
import type { PlayerRatings } from '../hooks/use-player-ratings';
import { EpisodeStars, StoryThumbs } from './episode-rating';
import { formatTime, speedLabel } from './player-format';
import { PlayerTranscript } from './player-transcript';

interface PlayerBarProps {
  episode: Episode | null;
  element: EpisodeElement;
  speed: { rate: number; choose: (rate: number) => void };
  ratings: PlayerRatings;
  cue: string;
  onClose: () => void;
}

/**
 * The bar at the bottom of the screen: play/pause, previous/next story (the episode's chapters), the position,
 * the speed, the transcript with the current story, the ratings, and close.
 */
export function PlayerBar({ episode, element, speed, ratings, cue, onClose }: PlayerBarProps) {
  const [showTranscript, setShowTranscript] = useState(false);
  const { playing, time } = element;
  // Kept while the player is closed: the transcript is open again with the next episode if it was.
  if (!episode) return null;
  const chapter = chapterAt(episode, time);
  const current = episode.chapters[chapter];
  if (!current) return null;
  return (
    <>
      <div aria-hidden="true" className="h-56 sm:h-32" />
      <section
        aria-label="Audio player"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-lg backdrop-blur"
      >
        {showTranscript && <PlayerTranscript episode={episode} chapter={chapter} cue={cue} ratings={ratings} onSeek={element.seek} />}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <div className="min-w-0 flex-1 basis-48">
            <p className="truncate text-sm font-semibold text-slate-900">{episode.title}</p>
            <p className="truncate text-xs text-slate-600" data-testid="current-chapter">
              {chapterLine(episode, chapter)}
            </p>
          </div>
          <div className="flex items-center gap-1">
            <Button type="button" variant="ghost" size="icon" aria-label="Previous story" onClick={() => element.seekChapter(-1)}>
              <SkipBack aria-hidden="true" />
            </Button>
            <Button type="button" size="icon" aria-label={playing ? 'Pause' : 'Play'} onClick={playing ? element.pause : element.play}>
              {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            </Button>
            <Button type="button" variant="ghost" size="icon" aria-label="Next story" onClick={() => element.seekChapter(1)}>
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
              onChange={(e) => element.seek(Number(e.target.value))}
            />
            <span className="text-xs tabular-nums text-slate-600">{formatTime(episode.durationSec)}</span>
          </div>
          <label className="flex items-center gap-1 text-xs text-slate-600">
            <span>Speed</span>
            <select
              aria-label="Playback speed"
              className="rounded border border-slate-300 bg-white px-1 py-1 text-sm text-slate-900 touch:h-11 touch:px-2"
              value={String(speed.rate)}
              onChange={(e) => speed.choose(Number(e.target.value))}
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
            <EpisodeStars episode={episode} onRate={ratings.rate} busy={ratings.busy} />
            {isStory(current) && (
              <div className="flex items-center gap-1">
                <span className="text-xs text-slate-600" aria-hidden="true">
                  This story
                </span>
                <StoryThumbs episode={episode} chapter={current} onVote={ratings.vote} busy={ratings.busy} />
              </div>
            )}
            <p className="sr-only" role="status">
              {ratings.status}
            </p>
          </div>
          <Button type="button" variant="ghost" size="icon" aria-label="Close player" onClick={onClose}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </section>
    </>
  );
}
