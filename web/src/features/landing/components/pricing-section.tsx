import { PLAN_LIST, TRIAL_DAYS } from '@dcbrief/shared';
import { CheckList } from '@/components/check-list';
import { PlanPrice } from '@/components/plan-price';
import { Badge } from '@/components/ui/badge';
import { clsx } from 'clsx';
import { PlainButton } from '@/components/ui/plain-button';
import { LandingSection } from './landing-section';

/** #pricing: the two plans straight from the shared constants, so prices never drift from the subscribe page. */
export function PricingSection({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title={`Two plans. Start with ${TRIAL_DAYS} days free.`}
      lead="No credit card required for the trial. Cancel anytime."
      className="bg-slate-50"
    >
      <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        {PLAN_LIST.map((plan) => (
          <li
            key={plan.tier}
            className={clsx(
              'relative flex flex-col rounded-2xl border bg-white p-6 shadow-xs sm:p-8',
              plan.mostPopular ? 'border-blue-700 ring-1 ring-blue-700' : 'border-slate-200',
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              {plan.mostPopular && <Badge variant="accent">Most Popular</Badge>}
            </div>
            <PlanPrice plan={plan} size="lg" />
            <CheckList items={plan.landingFeatures} layout="stacked" className="mt-6 flex-1 space-y-3 text-sm text-slate-700" />
            <PlainButton className="mt-8 w-full" variant={plan.mostPopular ? 'default' : 'outline'} onClick={onJoinWaitlist}>
              {`Start ${TRIAL_DAYS}-day free trial`}
            </PlainButton>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
