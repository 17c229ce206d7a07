import { Check } from 'lucide-react';
import { PLAN_LIST, type Tier } from '@dcbrief/shared';
import { Badge } from '@/components/ui/badge';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';

/** The two plans as one radio group: arrow keys move between them, the whole card is clickable. */
export function PlanPicker({ value, onChange }: { value: Tier; onChange: (tier: Tier) => void }) {
  return (
    <RadioGroup
      aria-label="Choose your plan"
      value={value}
      onValueChange={(next) => onChange(next as Tier)}
      className="gap-4 md:grid-cols-2"
    >
      {PLAN_LIST.map((plan) => {
        const selected = plan.tier === value;
        const labelId = `plan-${plan.tier}-label`;
        return (
          <div
            key={plan.tier}
            data-testid={`plan-card-${plan.tier}`}
            data-selected={selected}
            onClick={() => onChange(plan.tier)}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-2xl border bg-white p-5 shadow-xs transition-colors sm:p-6',
              selected ? 'border-blue-700 ring-2 ring-blue-700' : 'border-slate-200 hover:border-slate-300',
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex items-center gap-3">
                <RadioGroupItem value={plan.tier} id={`plan-${plan.tier}`} aria-labelledby={labelId} />
                <label id={labelId} htmlFor={`plan-${plan.tier}`} className="cursor-pointer text-lg font-semibold text-slate-900">
                  {plan.name}
                </label>
              </div>
              {plan.mostPopular && <Badge variant="accent">Most Popular</Badge>}
            </div>
            <p className="mt-4 flex items-baseline gap-1 pl-8">
              <span className="text-3xl font-bold tracking-tight text-slate-950">${plan.priceUsd}</span>
              <span className="text-sm text-slate-600">per month</span>
            </p>
            <ul className="mt-4 space-y-2 pl-8 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-700" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </RadioGroup>
  );
}
