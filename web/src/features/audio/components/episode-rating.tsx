import { Star, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { Episode, EpisodeChapter, StoryVote } from '@dcbrief/shared';
import { cn } from '@/lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;
/** 44 px: the smallest touch target WCAG 2.5.5 and the platforms' guidelines ask for. */
const TARGET = 'inline-flex size-11 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-blue-700';

/** The episode's 1-5 rating from the player: one button per star, the chosen one pressed; choosing again replaces it. */
export function EpisodeStars({ episode, onRate, busy }: { episode: Episode; onRate: (rating: number) => void; busy?: boolean }) {
  return (
    <div role="group" aria-label="Rate this episode" className="flex items-center">
      <span className="mr-1 text-xs text-slate-600" aria-hidden="true">
        Rate
      </span>
      {STARS.map((n) => {
        const filled = episode.rating !== null && n <= episode.rating;
        return (
          <button
            key={n}
            type="button"
            disabled={busy}
            aria-label={`Rate this episode ${n} of 5`}
            aria-pressed={episode.rating === n}
            onClick={() => onRate(n)}
            className={cn(TARGET, 'hover:bg-amber-50 disabled:opacity-60')}
          >
            <Star aria-hidden="true" className={cn('size-5', filled ? 'fill-amber-400 text-amber-500' : 'text-slate-400')} />
          </button>
        );
      })}
    </div>
  );
}

/** Thumbs up and down for one story (chapter); pressing the chosen thumb again takes it back. */
export function StoryThumbs({
  episode,
  chapter,
  onVote,
  busy,
  className,
}: {
  episode: Episode;
  chapter: EpisodeChapter & { storyId: string };
  onVote: (storyId: string, vote: StoryVote | null) => void;
  busy?: boolean;
  className?: string;
}) {
  const current = episode.storyVotes[chapter.storyId] ?? null;
  const thumb = (vote: StoryVote) => {
    const Icon = vote === 'up' ? ThumbsUp : ThumbsDown;
    const pressed = current === vote;
    return (
      <button
        type="button"
        disabled={busy}
        aria-label={`${vote === 'up' ? 'Thumbs up' : 'Thumbs down'}: ${chapter.title}`}
        aria-pressed={pressed}
        onClick={() => onVote(chapter.storyId, pressed ? null : vote)}
        className={cn(
          TARGET,
          'disabled:opacity-60',
          pressed
            ? vote === 'up'
              ? 'bg-emerald-100 text-emerald-800'
              : 'bg-rose-100 text-rose-800'
            : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
        )}
      >
        <Icon aria-hidden="true" className={cn('size-5', pressed && 'fill-current')} />
      </button>
    );
  };
  return (
    <div role="group" aria-label={`Rate the story: ${chapter.title}`} className={cn('flex items-center', className)}>
      {thumb('up')}
      {thumb('down')}
    </div>
  );
}
