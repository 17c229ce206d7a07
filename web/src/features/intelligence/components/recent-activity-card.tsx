import { Activity, Star } from 'lucide-react';
import { Link } from 'react-router';
import { digestPath, type Feedback } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { CardDescription } from '@/components/ui/card';
import { formatShortDate } from '@/lib/date-format';

/** Spec: one row about the newest feedback, only when there is any. */
export function RecentActivityCard({ feedback }: { feedback: Feedback[] | undefined }) {
  const newest = feedback?.[0];
  return (
    <TitledCard icon={Activity} title="Recent Activity">
      {newest ? (
        <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3">
          <div className="min-w-0">
            <p className="text-sm text-slate-600">
              {newest.medium === 'audio' ? 'You rated the episode of' : 'You rated'}{' '}
              <Link
                to={digestPath(newest.digestId)}
                className="font-medium text-slate-900 underline-offset-4 hover:text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                {newest.digestTitle}
              </Link>
            </p>
            <p className="text-sm text-slate-600">{formatShortDate(newest.createdAt)}</p>
          </div>
          <p
            className="flex shrink-0 items-center gap-1 text-sm font-semibold text-slate-900"
            aria-label={`Rating ${newest.rating ?? 0} of 5`}
          >
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
            {newest.rating ?? 0}/5
          </p>
        </div>
      ) : (
        <CardDescription>No activity yet. Rate a digest from its email to tune what you receive.</CardDescription>
      )}
    </TitledCard>
  );
}
