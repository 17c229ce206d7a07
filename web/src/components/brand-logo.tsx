import { PRODUCT_NAME } from '@dcbrief/shared';
import { cn } from '@/lib/utils';

/** The mark: a rack of three server units, the brand's accent blue. */
export function BrandLogo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', inverse ? 'text-white' : 'text-slate-900', className)}
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
