import { AudioLines, Clock, Globe2, Languages, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { HOURS_SAVED_CLAIM, LANGUAGE_COUNT_CLAIM, SOURCE_COUNT_CLAIM } from '@/lib/product-claims';
import { LandingSection } from './landing-section';

const FEATURES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Globe2,
    title: `${SOURCE_COUNT_CLAIM} global sources`,
    body: 'Trade press, operator filings, regulators and podcasts, read every night so you do not have to.',
  },
  {
    icon: Languages,
    title: `${LANGUAGE_COUNT_CLAIM} languages`,
    body: 'News from Frankfurt, Tokyo and São Paulo, translated and attributed before it reaches English media.',
  },
  {
    icon: ShieldCheck,
    title: 'Facts only, zero opinion',
    body: 'Each sentence states what happened and who reported it. No commentary, no hype, no sponsored takes.',
  },
  {
    icon: Clock,
    title: 'Daily at 6:00 AM',
    body: 'The daily digest is waiting before your first meeting, and a weekly summary ties the week together.',
  },
  {
    icon: AudioLines,
    title: 'Personalized audio',
    body: 'Premium turns your digest into an audio briefing for the commute, with offline downloads.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Tuned to your work',
    body: 'Choose infrastructure, security, market trends or regulations, and the depth of each story.',
  },
];

export function FeatureGridSection() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title={`Save ${HOURS_SAVED_CLAIM} hours of reading every week`}
      lead="One digest replaces the feeds, newsletters and tabs you skim every morning."
      className="bg-white"
    >
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs transition-shadow hover:shadow-md">
            <span className="flex size-10 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm text-slate-600">{body}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
