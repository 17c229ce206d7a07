import type { Plan } from '@dcbrief/shared';
import { cn } from '@/lib/utils';

/** "$79 per month", from the shared plan: larger on the landing page than in the subscribe picker. */
export function PlanPrice({ plan, size, className }: { plan: Plan; size: 'lg' | 'md'; className?: string }) {
  return (
    <p className={cn('mt-4 flex items-baseline gap-1', className)}>
      <span className={cn('font-bold tracking-tight text-slate-950', size === 'lg' ? 'text-4xl' : 'text-3xl')}>${plan.priceUsd}</span>
      <span className={cn('text-slate-600', size === 'md' && 'text-sm')}>{`per ${plan.interval}`}</span>
    </p>
  );
}
