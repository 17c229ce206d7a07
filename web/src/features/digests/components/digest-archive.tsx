import { Search } from 'lucide-react';
import { useState } from 'react';
import type { Digest } from '@dcbrief/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useDigestSearch } from '../api/search-digests';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DigestCard } from './digest-card';
import { searchTerms } from './search-match';

const SEARCH_PAUSE_MS = 300;

/** Past digests, newest first, with a search across their titles, stories, summaries and sources. */
export function DigestArchive({ digests, isLoading }: { digests: Digest[] | undefined; isLoading: boolean }) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), SEARCH_PAUSE_MS);
  const search = useDigestSearch(settled, { enabled: true });
  // Clearing the field shows every digest at once; only typing waits for the pause.
  const searching = query.trim().length > 0 && settled.length > 0;
  const shown = searching ? search.data : digests;
  const loading = searching ? search.isLoading : isLoading;

  return (
    <section aria-labelledby="archive-title">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="archive-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            Your digests
          </h1>
          <p className="mt-1 text-slate-600">Every brief we sent you, exactly as it arrived.</p>
        </div>
        <div className="w-full sm:w-80">
          <Label htmlFor="digest-search" className="sr-only">
            Search your digests
          </Label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              id="digest-search"
              type="search"
              placeholder="Search companies, places, topics…"
              className="pl-9"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
        </div>
      </div>
      <div className="mt-6" aria-live="polite" aria-busy={loading}>
        {loading ? (
          <div className="grid gap-3" data-testid="archive-skeleton">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full rounded-xl" />
            ))}
          </div>
        ) : search.isError && searching ? (
          <p className="text-sm text-red-700">The search failed. Please try again.</p>
        ) : shown && shown.length > 0 ? (
          <>
            {searching && (
              <p className="mb-3 text-sm text-slate-600">
                {shown.length} {shown.length === 1 ? 'digest matches' : 'digests match'} “{settled}”
              </p>
            )}
            <ul className="grid gap-3">
              {shown.map((digest) => (
                <DigestCard key={digest.id} digest={digest} terms={searching ? searchTerms(settled) : undefined} />
              ))}
            </ul>
          </>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
            {searching ? `No digest mentions “${settled}”.` : 'No digests yet. Your first digest arrives tomorrow at 6:00 AM.'}
          </p>
        )}
      </div>
    </section>
  );
}
