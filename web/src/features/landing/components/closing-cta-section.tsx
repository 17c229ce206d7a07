import { ArrowRight } from 'lucide-react';
import { TRIAL_DAYS } from '@dcbrief/shared';
import { PlainButton } from '@/components/ui/plain-button';

export function ClosingCtaSection({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <section aria-labelledby="closing-cta-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="rounded-3xl bg-blue-700 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <h2 id="closing-cta-title" className="text-3xl font-bold tracking-tight text-balance">
            Know what changed in the data-center world before 6:05 AM
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-blue-50">
            {`Join the professionals who start their day with facts, not feeds. ${TRIAL_DAYS}-day free trial, no credit card required.`}
          </p>
          <PlainButton size="lg" variant="inverse" className="mt-8" onClick={onJoinWaitlist}>
            Start Free Trial
            <ArrowRight aria-hidden="true" />
          </PlainButton>
        </div>
      </div>
    </section>
  );
}
