import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { digestPath, type Digest } from '@dcbrief/shared';
import { Badge } from '@/components/ui/badge';
import { formatLongDate } from '@/lib/date-format';
import { KIND_LABELS } from '@/lib/labels';
import { HighlightedText } from './highlighted-text';
import { findSearchMatch } from './search-match';

/**
 * One past digest in the list: what it was, when, and its lead story; in search results (`terms`), the
 * sentence that matched, with the search words marked.
 */
export function DigestCard({ digest, terms = [] }: { digest: Digest; terms?: string[] }) {
  const lead = digest.stories[0]?.title;
  const match = terms.length > 0 ? findSearchMatch(digest, terms) : null;
  return (
    <li className="min-w-0">
      <Link
        to={digestPath(digest.id)}
        className="group flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 transition hover:border-blue-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge variant={digest.kind === 'breaking' ? 'accent' : 'soft'}>{KIND_LABELS[digest.kind]}</Badge>
            <span>{formatLongDate(digest.date)}</span>
          </div>
          <p className="mt-2 font-semibold text-slate-900">
            <HighlightedText text={digest.title} terms={terms} />
          </p>
          {match ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="search-match">
              <HighlightedText text={match.text} terms={terms} />
              {match.text !== match.storyTitle && <span className="text-slate-500"> · {match.storyTitle}</span>}
            </p>
          ) : (
            <p className="mt-0.5 truncate text-sm text-slate-600">
              {digest.quiet
                ? 'A quiet day: nothing new matched your interests.'
                : `${digest.storyCount} ${digest.storyCount === 1 ? 'story' : 'stories'}${lead ? ` · ${lead}` : ''}`}
            </p>
          )}
        </div>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400 group-hover:text-blue-700" />
      </Link>
    </li>
  );
}
