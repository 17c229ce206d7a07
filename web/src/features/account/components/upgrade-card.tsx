import { Sparkles } from 'lucide-react';
import { TRIAL_DAYS } from '@dcbrief/shared';
import { LANGUAGE_COUNT_CLAIM, SOURCE_COUNT_CLAIM } from '@/lib/product-claims';
import { PlansLink } from './plans-link';

/** Shown whenever the status is not active (docs/SPEC.md §4). */
export function UpgradeCard({ trialing = false }: { trialing?: boolean }) {
  return (
    <section aria-labelledby="upgrade-title" className="rounded-2xl bg-blue-700 p-6 text-white shadow-sm">
      <Sparkles aria-hidden="true" className="size-6" />
      <h2 id="upgrade-title" className="mt-3 text-lg font-semibold">
        Upgrade to Premium
      </h2>
      <p className="mt-1 text-sm text-blue-50">
        Personalized audio digests, {SOURCE_COUNT_CLAIM} sources and {LANGUAGE_COUNT_CLAIM} languages.
        {trialing ? " Your free trial's remaining days stay free." : ` ${TRIAL_DAYS} days free for new subscribers.`}
      </p>
      <PlansLink label="See plans" variant="inverse" className="mt-4 w-full" />
    </section>
  );
}
