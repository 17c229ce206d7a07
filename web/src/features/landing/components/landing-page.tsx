import { ClosingCtaSection } from './closing-cta-section';
import { DigestPreviewSection } from './digest-preview-section';
import { FeatureGridSection } from './feature-grid-section';
import { HeroSection } from './hero-section';
import { LandingTopBar } from './landing-top-bar';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';

/** Order per docs/SPEC.md §2: top bar, hero, sample digest, features, pricing, closing call to action, footer. */
export function LandingPage({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <div id="top" className="min-h-dvh bg-white">
      <LandingTopBar onJoinWaitlist={onJoinWaitlist} />
      <main>
        <HeroSection onJoinWaitlist={onJoinWaitlist} />
        <DigestPreviewSection />
        <FeatureGridSection />
        <PricingSection onJoinWaitlist={onJoinWaitlist} />
        <ClosingCtaSection onJoinWaitlist={onJoinWaitlist} />
      </main>
      <SiteFooter />
    </div>
  );
}
