import { RadioGroup, RadioGroupTile } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';

/** A labelled single choice drawn as a row of tiles (delivery time, depth, voice, speed). */
export function OptionGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
}) {
  const labelId = `${label.toLowerCase().replace(/\W+/g, '-')}-label`;
  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onValueChange={(next) => onChange(next as T)}
        className={cn('grid-cols-3', className)}
      >
        {options.map((option) => (
          <RadioGroupTile key={option.value} value={option.value}>
            {option.label}
          </RadioGroupTile>
        ))}
      </RadioGroup>
    </div>
  );
}
