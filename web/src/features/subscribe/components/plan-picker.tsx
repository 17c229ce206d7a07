import { PLAN_LIST, type Tier } from '@dcbrief/shared';
import { CheckList } from '@/components/check-list';
import { PlanPrice } from '@/components/plan-price';
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
            <PlanPrice plan={plan} size="md" className="pl-8" />
            <CheckList items={plan.features} layout="stacked" className="mt-4 space-y-2 pl-8 text-sm text-slate-700" />
          </div>
        );
      })}
    </RadioGroup>
  );
}
