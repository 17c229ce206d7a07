import { Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';
import { useRateDigest } from '../api/rate-digest';

/**
 * "How useful was this brief?" 1-5, the same scale as the rating row in the email. `savedRating` is the
 * subscriber's rating as the server holds it (from the page or the email), shown as filled stars.
 */
export function RateDigest({ digestId, savedRating }: { digestId: string; savedRating: number | null }) {
  const rate = useRateDigest(digestId);
  const [justRated, setJustRated] = useState<number | null>(null);
  const [kept, setKept] = useState(false);
  const rated = justRated ?? savedRating;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // "Provide Feedback" on the dashboard links here with #rating: bring the stars into view.
  useEffect(() => {
    if (hash === '#rating') section.current?.scrollIntoView({ block: 'center' });
  }, [hash]);
  const send = (rating: number) =>
    rate.mutate(
      { digestId, rating },
      {
        onSuccess: (outcome) => {
          setJustRated(rating);
          setKept(outcome.queued);
        },
        onError: () => toast({ title: 'Error', description: 'Failed to save your rating. Please try again.', variant: 'destructive' }),
      },
    );
  return (
    <section
      ref={section}
      id="rating"
      aria-labelledby="rate-digest-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 text-center"
    >
      <h2 id="rate-digest-title" className="font-semibold text-slate-900">
        How useful was this brief?
      </h2>
      <div className="mt-3 flex justify-center gap-1" role="group" aria-label="Rate this brief from 1 to 5">
        {[1, 2, 3, 4, 5].map((value) => (
          <Button
            key={value}
            type="button"
            variant="ghost"
            size="icon"
            aria-pressed={rated === value}
            aria-label={`${value} of 5`}
            disabled={rate.isPending}
            onClick={() => send(value)}
          >
            <Star
              aria-hidden="true"
              className={cn('size-6', rated !== null && value <= rated ? 'fill-amber-400 text-amber-500' : 'text-slate-400')}
            />
          </Button>
        ))}
      </div>
      <p className="mt-2 min-h-5 text-sm text-slate-600" aria-live="polite">
        {justRated !== null
          ? kept
            ? 'You are offline: your rating is saved on this device and will be sent when you are back online.'
            : 'Thank you: your rating tunes what we send you.'
          : savedRating !== null
            ? `You rated this brief ${savedRating} of 5. Tap a star to change it.`
            : ''}
      </p>
    </section>
  );
}
