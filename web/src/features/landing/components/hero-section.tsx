import { ArrowRight } from 'lucide-react';
import { TRIAL_DAYS } from '@dcbrief/shared';
import { CheckList } from '@/components/check-list';
import { buttonVariants } from '@/components/ui/button-variants';
import { PlainButton } from '@/components/ui/plain-button';
import { HOURS_SAVED_CLAIM, LANGUAGE_COUNT_CLAIM, SOURCE_COUNT_CLAIM } from '@/lib/product-claims';

const PROOF_POINTS = [`${TRIAL_DAYS}-day free trial`, 'No credit card required', 'Cancel anytime'];

export function HeroSection({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-white">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-[28rem] bg-gradient-to-b from-blue-50 to-white" />
      <div className="relative mx-auto max-w-6xl px-4 pt-14 pb-16 text-center sm:px-6 sm:pt-20 sm:pb-20">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-blue-800 shadow-xs ring-1 ring-blue-200">
          Daily at 6:00 AM · Weekly summary
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-950 sm:text-5xl lg:text-6xl"
        >
          Data-center intelligence. <span className="text-blue-700">Facts only.</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-600">
          {`DC Brief reads ${SOURCE_COUNT_CLAIM} global tech sources and podcasts in ${LANGUAGE_COUNT_CLAIM} languages and sends you one digest ` +
            `of what happened, with zero opinion. Subscribers save ${HOURS_SAVED_CLAIM} hours every week.`}
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <PlainButton size="lg" onClick={onJoinWaitlist} className="w-full sm:w-auto">
            Start Free Trial
            <ArrowRight aria-hidden="true" />
          </PlainButton>
          <a data-slot="button" href="#demo" className={buttonVariants({ size: 'lg', variant: 'outline', className: 'w-full sm:w-auto' })}>
            See a sample digest
          </a>
        </div>
        <CheckList
          items={PROOF_POINTS}
          layout="inline"
          className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-slate-600"
        />
        <dl className="mx-auto mt-12 grid max-w-3xl grid-cols-3 divide-x divide-slate-200 rounded-2xl border border-slate-200 bg-white py-5 shadow-xs">
          {[
            { value: SOURCE_COUNT_CLAIM, label: 'global sources' },
            { value: LANGUAGE_COUNT_CLAIM, label: 'languages translated' },
            { value: `${HOURS_SAVED_CLAIM}h`, label: 'saved every week' },
          ].map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse px-2">
              <dt className="text-xs text-slate-600 sm:text-sm">{stat.label}</dt>
              <dd className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
