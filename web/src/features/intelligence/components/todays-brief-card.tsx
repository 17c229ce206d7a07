import { ArrowRight, CalendarClock, Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { digestPath, type Digest } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { Badge } from '@/components/ui/badge';
import { CardDescription } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongDate } from '@/lib/date-format';
import { KIND_LABELS } from '@/lib/labels';
import { SOURCE_COUNT_CLAIM } from '@/lib/product-claims';

/**
 * Spec: skeleton while loading, the latest digest when there is one, else when the first one arrives; except when
 * none will arrive (`deliveryStopped`: a free trial ended, decision 008), which it says instead of promising one.
 */
export function TodaysBriefCard({
  digests,
  isLoading,
  deliveryStopped = false,
}: {
  digests: Digest[] | undefined;
  isLoading: boolean;
  deliveryStopped?: boolean;
}) {
  const latest = digests?.[0];
  return (
    <TitledCard icon={Newspaper} title="Today's Intelligence Brief" contentClassName="min-h-32" aria-busy={isLoading}>
      {isLoading ? (
        <div data-testid="brief-skeleton" className="space-y-3">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : latest ? (
        <article className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="soft">{KIND_LABELS[latest.kind]}</Badge>
            <span className="text-sm text-slate-600">{formatLongDate(latest.date)}</span>
          </div>
          <h3 className="mt-3 text-lg font-semibold text-slate-900">{latest.title}</h3>
          <p className="mt-1 text-sm text-slate-600">
            {latest.storyCount} {latest.storyCount === 1 ? 'story' : 'stories'}, facts only, every sentence attributed to its source.
          </p>
          <Link
            to={digestPath(latest.id)}
            className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline touch:min-h-11 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            Read the brief
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </article>
      ) : (
        <div className="flex items-start gap-3 rounded-xl border border-dashed border-slate-300 p-4">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <div>
            {deliveryStopped ? (
              <>
                <p className="font-medium text-slate-900">No digest is on its way: your free trial has ended.</p>
                <CardDescription className="mt-1">Choose a plan and the next one arrives at your delivery time.</CardDescription>
              </>
            ) : (
              <>
                <p className="font-medium text-slate-900">Your first digest arrives tomorrow at 6:00 AM.</p>
                <CardDescription className="mt-1">
                  We are already reading {SOURCE_COUNT_CLAIM} sources for you. Check your inbox in the morning.
                </CardDescription>
              </>
            )}
          </div>
        </div>
      )}
    </TitledCard>
  );
}
