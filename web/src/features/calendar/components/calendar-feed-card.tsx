import { CalendarDays, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { useCalendarFeed, useRevokeCalendarFeed, useRotateCalendarFeed } from '../api/calendar-feed';

/**
 * Calendar of followed events: the private `.ics` address, shown when made (its token is stored hashed), copied,
 * replaced or turned off, as the Audio Library's podcast feed is.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed({ enabled: true });
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const url = feed.data?.url ?? null;
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    toast({ title: 'Calendar address copied' });
  };
  return (
    <TitledCard
      icon={CalendarDays}
      title="Calendar of followed events"
      description="Hearings, votes, openings and deadlines the news states about what you follow. Add this private address to your calendar app by URL; anyone with it sees your follows, so keep it to yourself."
      contentClassName="grid gap-3"
    >
      {url ? (
        <div className="flex gap-2">
          <Input readOnly value={url} aria-label="Private calendar address" onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {feed.data?.exists
            ? 'Your calendar is active. Its address is shown only when it is made: make a new one to see it again (the old one stops working).'
            : 'You have no calendar address yet.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          <RefreshCw aria-hidden="true" />
          {feed.data?.exists ? 'New address' : 'Create calendar'}
        </Button>
        {feed.data?.exists && (
          <Button type="button" variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            <Trash2 aria-hidden="true" />
            Turn off calendar
          </Button>
        )}
      </div>
    </TitledCard>
  );
}
