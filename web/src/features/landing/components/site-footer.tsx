import { useSyncExternalStore } from 'react';
import { BrandLogo } from '@/components/brand-logo';

// docs/SPEC.md §2: these pages do not exist yet, so every link points to '#'.
const FOOTER_LINKS = ['About', 'Blog', 'Contact', 'Help Center', 'Privacy Policy', 'Terms of Service'];

/**
 * The year of the build (vite.config.ts): the page prerendered into index.html shows it, and the browser's first
 * render must match that HTML; the current year replaces it right after (docs/decisions/530).
 */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();
const currentYear = () => new Date().getFullYear();
const buildYear = () => BUILD_YEAR;
/** The year does not change while the page is open often enough to listen for it. */
const unchanging = () => () => undefined;

export function SiteFooter() {
  // Hydration renders the server snapshot (the prerendered HTML's year), then the current year.
  const year = useSyncExternalStore(unchanging, currentYear, buildYear);
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <BrandLogo />
          <p className="mt-2 text-sm text-slate-600">Fact-only data-center intelligence, every morning.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600 touch:gap-y-0">
            {FOOTER_LINKS.map((label) => (
              <li key={label}>
                <a
                  href="#"
                  className="inline-flex items-center justify-center hover:text-slate-900 touch:min-h-11 touch:min-w-11 focus-visible:outline-2 focus-visible:outline-blue-700"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600">{`© ${year} DC Brief. All rights reserved.`}</p>
    </footer>
  );
}
