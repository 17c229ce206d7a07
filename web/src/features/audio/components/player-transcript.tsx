import type { Episode } from '@dcbrief/shared';
import { cn } from '@/lib/utils';
import { isStory } from '../hooks/episode-chapters';
import type { PlayerRatings } from '../hooks/use-player-ratings';
import { StoryThumbs } from './episode-rating';
import { formatTime } from './player-format';

/** The episode's chapters, the current one marked with the sentence being read; a chapter's time plays from there. */
export function PlayerTranscript({
  episode,
  chapter,
  cue,
  ratings,
  onSeek,
}: {
  episode: Episode;
  chapter: number;
  cue: string;
  ratings: PlayerRatings;
  onSeek: (sec: number) => void;
}) {
  return (
    <div className="mx-auto max-h-64 max-w-6xl overflow-y-auto border-b border-slate-100 px-4 py-3 sm:px-6" aria-label="Transcript">
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
              <button type="button" className="text-left" onClick={() => onSeek(c.startSec)}>
                <span className="tabular-nums text-slate-500">{formatTime(c.startSec)}</span> {c.title}
              </button>
              {i === chapter && cue && <p className="mt-1 font-normal text-slate-700">{cue}</p>}
            </div>
            {isStory(c) && <StoryThumbs episode={episode} chapter={c} onVote={ratings.vote} busy={ratings.busy} />}
          </li>
        ))}
      </ol>
    </div>
  );
}
