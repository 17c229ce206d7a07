import type { Plan } from '@dcbrief/shared';
import { clsx } from 'clsx';

// Classes joined with clsx, not merged: this renders on the landing page, whose first script has no tailwind-merge
// (docs/decisions/530); callers add classes that do not conflict with these (a margin, a padding it does not set).
/** "$79 per month", from the shared plan: larger on the landing page than in the subscribe picker. */
export function PlanPrice({ plan, size, className }: { plan: Plan; size: 'lg' | 'md'; className?: string }) {
  return (
    <p className={clsx('mt-4 flex items-baseline gap-1', className)}>
      <span
        className={clsx('font-bold tracking-tight text-slate-950', size === 'lg' ? 'text-4xl' : 'text-3xl')}
      >{`$${plan.priceUsd}`}</span>
      <span className={clsx('text-slate-600', size === 'md' && 'text-sm')}>{`per ${plan.interval}`}</span>
    </p>
  );
}
