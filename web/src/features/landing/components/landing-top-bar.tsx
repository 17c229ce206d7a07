import { BrandLogo } from '@/components/brand-logo';
import { PlainButton } from '@/components/ui/plain-button';

const ANCHORS = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#demo', label: 'Demo' },
] as const;

/** Sign In and Start Free Trial both open the waitlist: nobody signs in from here (docs/SPEC.md §2). */
export function LandingTopBar({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  const anchorLinks = ANCHORS.map((anchor) => (
    <a
      key={anchor.href}
      href={anchor.href}
      className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-600 touch:min-h-11 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      {anchor.label}
    </a>
  ));
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-3 sm:px-6">
        <a
          href="#top"
          aria-label="DC Brief, back to top"
          className="inline-flex items-center rounded-md touch:min-h-11 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <BrandLogo />
        </a>
        <nav aria-label="Sections" className="hidden items-center md:flex">
          {anchorLinks}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          {/* The small size with a narrower padding on phones (size "sm" is h-8 px-3 text-sm touch:h-11). */}
          <PlainButton variant="ghost" size={null} className="h-8 px-2 text-sm touch:h-11 sm:px-3" onClick={onJoinWaitlist}>
            Sign In
          </PlainButton>
          <PlainButton size={null} className="h-8 px-2.5 text-sm touch:h-11 sm:px-3" onClick={onJoinWaitlist}>
            Start Free Trial
          </PlainButton>
        </div>
      </div>
      <nav aria-label="Sections on small screens" className="flex justify-center border-t border-slate-100 md:hidden">
        {anchorLinks}
      </nav>
    </header>
  );
}
