import { Activity, Banknote, ExternalLink, Gauge, History, Link2, Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { entityPath, isHttpUrl, type EntityDetail, type EntityFact, type EntityOutlet } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { Badge } from '@/components/ui/badge';
import { formatShortDate } from '@/lib/date-format';
import {
  countryName,
  FACT_TYPE_LABELS,
  factHeadline,
  formatMoney,
  formatMw,
  KIND_LABELS,
  STAGE_LABELS,
  STATUS_LABELS,
  usdNote,
} from './entity-labels';

const RELATION_LABELS: Record<EntityDetail['related'][number]['relation'], string> = {
  operator: 'Operator',
  site: 'Sites',
  place: 'Place',
  'named-with': 'Named in the same stories',
};

const storyAnchor = (storyId: string) => `story-${storyId}`;

/**
 * One company, site or place as the news told it: where it stands now (status, capacity per stage, money), every
 * stated fact newest first with its outlets and story, its related entities and the stories that name it.
 */
export function EntityDetailView({ entity, followButton }: { entity: EntityDetail; followButton?: ReactNode }) {
  const titles = new Map(entity.stories.map((s) => [s.id, s.title]));
  return (
    <div className="mx-auto max-w-4xl">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge variant="soft">{KIND_LABELS[entity.kind]}</Badge>
            {entity.role && (
              <Badge variant="neutral" className="capitalize">
                {entity.role}
              </Badge>
            )}
            {entity.level && (
              <Badge variant="neutral" className="capitalize">
                {entity.level}
              </Badge>
            )}
            {entity.country && <span>{countryName(entity.country)}</span>}
            {entity.candidate && (
              <Badge className="bg-amber-100 text-amber-900 ring-1 ring-amber-200 ring-inset" title="Found in the news, not reviewed yet">
                New name
              </Badge>
            )}
          </div>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">{entity.name}</h1>
          {entity.aliases.length > 0 && (
            <p className="mt-2 text-sm break-words text-slate-600">
              <span className="font-medium text-slate-700">Also written </span>
              {entity.aliases.slice(0, 12).join(' · ')}
            </p>
          )}
        </div>
        {followButton}
      </header>

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <TitledCard icon={Activity} title="Status">
          {entity.current.status?.status ? (
            <CurrentFact fact={entity.current.status} since>
              <p className="text-lg font-semibold text-slate-900">{STATUS_LABELS[entity.current.status.status]}</p>
            </CurrentFact>
          ) : (
            <Nothing>No status stated yet.</Nothing>
          )}
        </TitledCard>
        <TitledCard icon={Gauge} title="Capacity">
          {entity.current.capacity.length ? (
            <ul className="grid gap-3">
              {entity.current.capacity.map((fact) => (
                <li key={fact.id}>
                  <CurrentFact fact={fact}>
                    <p className="text-lg font-semibold text-slate-900">
                      {fact.mw === null ? '—' : formatMw(fact.mw)}{' '}
                      <span className="text-sm font-medium text-slate-600">{fact.stage ? STAGE_LABELS[fact.stage].toLowerCase() : ''}</span>
                    </p>
                  </CurrentFact>
                </li>
              ))}
            </ul>
          ) : (
            <Nothing>No capacity stated yet.</Nothing>
          )}
        </TitledCard>
        <TitledCard icon={Banknote} title="Investment">
          {entity.current.investment && entity.current.investment.amount !== null && entity.current.investment.currency ? (
            <CurrentFact fact={entity.current.investment}>
              <p className="text-lg font-semibold text-slate-900">
                {formatMoney(entity.current.investment.amount, entity.current.investment.currency)}
                <span className="text-sm font-medium text-slate-600">{usdNote(entity.current.investment)}</span>
              </p>
            </CurrentFact>
          ) : (
            <Nothing>No amount stated yet.</Nothing>
          )}
        </TitledCard>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TitledCard
          icon={History}
          title="Timeline"
          description="Every fact the news stated, newest first, with the outlets that stated it."
        >
          {entity.timeline.length ? (
            <ol className="grid gap-4">
              {entity.timeline.map((fact) => (
                <li key={fact.id} className="grid gap-1 border-l-2 border-blue-200 pl-4">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                    <time dateTime={fact.statedAt} className="font-semibold text-slate-700">
                      {formatShortDate(fact.statedAt)}
                    </time>
                    <Badge variant="neutral" className="px-2 py-0 text-[11px]">
                      {FACT_TYPE_LABELS[fact.type]}
                    </Badge>
                  </div>
                  <p className="font-semibold text-slate-900">{factHeadline(fact)}</p>
                  <blockquote lang={fact.language} className="text-sm leading-relaxed break-words text-slate-700">
                    “{fact.sentence}”
                  </blockquote>
                  <p className="text-sm text-slate-600">
                    <Outlets outlets={fact.outlets} />
                    {titles.has(fact.storyId) && (
                      <>
                        {' · '}
                        <a href={`#${storyAnchor(fact.storyId)}`} className="font-medium text-blue-700 hover:underline">
                          Story: {titles.get(fact.storyId)}
                        </a>
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <Nothing>No facts stated yet: stories name it, none has said where it stands.</Nothing>
          )}
        </TitledCard>

        <div className="grid content-start gap-6">
          <TitledCard icon={Link2} title="Related">
            <RelatedList related={entity.related} />
          </TitledCard>
          <TitledCard
            icon={Newspaper}
            title="Stories"
            description={`${entity.stories.length} ${entity.stories.length === 1 ? 'story names' : 'stories name'} it.`}
          >
            {entity.stories.length ? (
              <ul className="grid gap-3">
                {entity.stories.map((story) => (
                  <li key={story.id} id={storyAnchor(story.id)} className="scroll-mt-24 text-sm">
                    <p className="font-medium break-words text-slate-900">{story.title}</p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      <time dateTime={story.publishedAt}>{formatShortDate(story.publishedAt)}</time>
                      {story.about && (
                        <Badge variant="soft" className="px-2 py-0 text-[11px]">
                          About it
                        </Badge>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <Nothing>No story names it yet.</Nothing>
            )}
          </TitledCard>
        </div>
      </div>
    </div>
  );
}

/** The current value of a fact, dated (a status holds "since" then; a figure was "stated" then), with its outlets. */
function CurrentFact({ fact, since = false, children }: { fact: EntityFact; since?: boolean; children: ReactNode }) {
  return (
    <div>
      {children}
      <p className="mt-1 text-xs text-slate-600">
        {since ? 'Since' : 'Stated'} <time dateTime={fact.statedAt}>{formatShortDate(fact.statedAt)}</time> ·{' '}
        <Outlets outlets={fact.outlets} />
      </p>
    </div>
  );
}

/** The outlets that stated a fact, each linked to its article when that is a web page. */
function Outlets({ outlets }: { outlets: EntityOutlet[] }) {
  if (!outlets.length) return <span>no outlet recorded</span>;
  return (
    <span>
      {outlets.map((o, i) => (
        <span key={o.id}>
          {i > 0 && ', '}
          {o.url && isHttpUrl(o.url) ? (
            <a
              href={o.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-0.5 font-medium text-blue-700 hover:underline"
            >
              {o.name}
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          ) : (
            <span className="font-medium text-slate-700">{o.name}</span>
          )}
        </span>
      ))}
    </span>
  );
}

function RelatedList({ related }: { related: EntityDetail['related'] }) {
  if (!related.length) return <Nothing>No related entities yet.</Nothing>;
  const groups = (['operator', 'place', 'site', 'named-with'] as const)
    .map((relation) => ({ relation, items: related.filter((r) => r.relation === relation) }))
    .filter((g) => g.items.length);
  return (
    <div className="grid gap-4">
      {groups.map((g) => (
        <div key={g.relation}>
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{RELATION_LABELS[g.relation]}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {g.items.map((r) => (
              <li key={r.id}>
                <Link
                  to={entityPath(r.id)}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-blue-800 ring-1 ring-slate-200 ring-inset hover:bg-blue-50 touch:min-h-11"
                >
                  {r.name}
                  <span className="text-xs font-normal text-slate-600">{KIND_LABELS[r.kind]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Nothing({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}
