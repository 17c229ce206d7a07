import { PRODUCT_NAME } from '@dcbrief/shared';
import { clsx } from 'clsx';

// Classes joined with clsx, not merged: this renders on the landing page, whose first script has no tailwind-merge
// (docs/decisions/530); callers add classes that do not conflict with these (a margin, a padding it does not set).
/** The mark: a rack of three server units, the brand's accent blue. */
export function BrandLogo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <span
      className={clsx('inline-flex items-center gap-2 font-semibold tracking-tight', inverse ? 'text-white' : 'text-slate-900', className)}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0 sm:size-8">
        <rect width="32" height="32" rx="8" className={inverse ? 'fill-white' : 'fill-blue-700'} />
        {[8, 14, 20].map((y) => (
          <g key={y}>
            <rect x="8" y={y} width="16" height="4" rx="1.5" className={inverse ? 'fill-blue-700' : 'fill-white'} />
            <circle cx="21" cy={y + 2} r="0.9" className={inverse ? 'fill-white' : 'fill-blue-700'} />
          </g>
        ))}
      </svg>
      <span className="text-base whitespace-nowrap sm:text-lg">{PRODUCT_NAME}</span>
    </span>
  );
}
