import { Activity, Star } from 'lucide-react';
import type { Feedback } from '@dcbrief/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatShortDate } from '@/lib/date-format';

/** Spec: one row about the newest feedback, only when there is any. */
export function RecentActivityCard({ feedback }: { feedback: Feedback[] | undefined }) {
  const newest = feedback?.[0];
  return (
    <Card aria-labelledby="recent-activity-title">
      <CardHeader>
        <CardTitle id="recent-activity-title">
          <Activity aria-hidden="true" className="size-5 text-blue-700" />
          Recent Activity
        </CardTitle>
      </CardHeader>
      <CardContent>
        {newest ? (
          <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3">
            <div>
              <p className="text-sm font-medium text-slate-900">You rated a digest</p>
              <p className="text-sm text-slate-600">{formatShortDate(newest.createdAt)}</p>
            </div>
            <p className="flex items-center gap-1 text-sm font-semibold text-slate-900" aria-label={`Rating ${newest.rating ?? 0} of 5`}>
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
              {newest.rating ?? 0}/5
            </p>
          </div>
        ) : (
          <CardDescription>No activity yet. Rate a digest from its email to tune what you receive.</CardDescription>
        )}
      </CardContent>
    </Card>
  );
}
