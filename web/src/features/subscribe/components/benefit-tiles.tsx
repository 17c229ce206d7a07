import { AudioLines, Clock, Globe2, Languages, Mail, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { PLANS, type Tier } from '@dcbrief/shared';
import { LANGUAGE_COUNT_CLAIM, SOURCE_COUNT_CLAIM } from '@/lib/product-claims';

interface Benefit {
  icon: LucideIcon;
  title: string;
  body: string;
}

const BENEFITS: Record<Tier, Benefit[]> = {
  basic: [
    { icon: Mail, title: 'Daily email digest', body: 'Fact-only summaries in your inbox every morning at 6:00 AM.' },
    { icon: Clock, title: 'Weekly summary', body: 'The week’s developments in one comprehensive read.' },
    { icon: Globe2, title: `${PLANS.basic.sources} global sources`, body: 'Trade press and operator news, filtered for what matters.' },
  ],
  premium: [
    { icon: AudioLines, title: 'Personalized audio', body: 'Your digest as an audio briefing, with offline downloads.' },
    {
      icon: Languages,
      title: `${SOURCE_COUNT_CLAIM} sources, ${LANGUAGE_COUNT_CLAIM} languages`,
      body: 'Global coverage, translated and attributed.',
    },
    { icon: Zap, title: 'Priority delivery', body: 'First in line every morning, with advanced AI personalization.' },
  ],
};

/** Three tiles that follow the selected plan (docs/SPEC.md §2). */
export function BenefitTiles({ tier }: { tier: Tier }) {
  return (
    <ul aria-label="What you get" className="grid gap-4 sm:grid-cols-3">
      {BENEFITS[tier].map(({ icon: Icon, title, body }) => (
        <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-xs">
          <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-blue-50 text-blue-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm text-slate-600">{body}</p>
        </li>
      ))}
    </ul>
  );
}
