import { Search, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { entityPath, type EntityListItem } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useActiveEntities } from '../api/get-active-entities';
import { useEntitySearch } from '../api/search-entities';
import { countryName, KIND_LABELS } from './entity-labels';

const SEARCH_PAUSE_MS = 300;

/** A search by name in any language, and the week's most active companies, sites and places. */
export function EntityFinder() {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), SEARCH_PAUSE_MS);
  const searching = query.trim().length > 0 && settled.length > 0;
  const search = useEntitySearch(settled, { enabled: true });
  const active = useActiveEntities({ enabled: true });

  return (
    <section aria-labelledby="entities-title" className="mx-auto max-w-4xl">
      <h1 id="entities-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        Companies, sites and places
      </h1>
      <p className="mt-1 text-slate-600">
        Who is building what, where: every status, megawatt and amount the news stated, with its outlets.
      </p>
      <div className="mt-6">
        <p className="mb-2 text-sm text-slate-600" id="entity-search-hint">
          Companies, sites and places by name or alias, in any script: Equinix, Aragón, Майкрософт, マイクロソフト.
        </p>
        <Label htmlFor="entity-search" className="sr-only">
          Search by name, in any language
        </Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            id="entity-search"
            aria-describedby="entity-search-hint"
            type="search"
            placeholder="A name, in any language…"
            className="pl-9"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </div>
      <div className="mt-6" aria-live="polite" aria-busy={searching ? search.isLoading : active.isLoading}>
        {searching ? (
          <TitledCard icon={Search} title={`Names matching “${settled}”`}>
            <EntityList
              items={search.data}
              isLoading={search.isLoading}
              isError={search.isError}
              empty={`No company, site or place is called “${settled}”.`}
              window="all time"
            />
          </TitledCard>
        ) : (
          <TitledCard
            icon={TrendingUp}
            title="Most active this week"
            description="Named in the most stories of the last seven days, then by facts stated."
          >
            <EntityList
              items={active.data}
              isLoading={active.isLoading}
              isError={active.isError}
              empty="No story named a company, site or place this week."
              window="this week"
            />
          </TitledCard>
        )}
      </div>
    </section>
  );
}

function EntityList({
  items,
  isLoading,
  isError,
  empty,
  window,
}: {
  items: EntityListItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
  empty: string;
  window: string;
}) {
  if (isLoading)
    return (
      <div className="grid gap-2" data-testid="entities-skeleton">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full rounded-lg" />
        ))}
      </div>
    );
  if (isError) return <p className="text-sm text-red-700">The list could not be loaded. Please try again.</p>;
  if (!items?.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ol className="divide-y divide-slate-100">
      {items.map((e) => (
        <li key={e.id}>
          <Link
            to={entityPath(e.id)}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            <span className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="font-semibold break-words text-blue-800">{e.name}</span>
              <Badge variant="neutral" className="px-2 py-0 text-[11px]">
                {KIND_LABELS[e.kind]}
              </Badge>
              {e.country && <span className="text-xs text-slate-600">{countryName(e.country)}</span>}
            </span>
            <span className="text-xs text-slate-600">
              {e.stories} {e.stories === 1 ? 'story' : 'stories'} · {e.facts} {e.facts === 1 ? 'fact' : 'facts'} {window}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
