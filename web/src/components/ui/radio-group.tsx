import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root data-slot="radio-group" className={cn('grid gap-2', className)} {...props} />;
}

/** A radio drawn as a selectable tile: the label is the tile's content, so the whole tile is the target. */
export function RadioGroupTile({ className, children, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-tile"
      className={cn(
        'flex min-h-10 cursor-pointer touch:min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 transition-colors hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-blue-700 data-[state=checked]:bg-blue-50 data-[state=checked]:text-blue-800 data-[state=checked]:ring-1 data-[state=checked]:ring-blue-700',
        className,
      )}
      {...props}
    >
      {children}
    </RadioGroupPrimitive.Item>
  );
}

/** The classic round radio. */
/**
 * A 20 px radio circle; on touch screens the button around it is 44 x 44 px (negative margins keep the layout
 * the same), so a finger that misses the circle still picks the option.
 */
export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'group flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-full outline-none touch:-m-3 touch:size-11',
        className,
      )}
      {...props}
    >
      <span className="flex size-5 items-center justify-center rounded-full border-2 border-slate-400 bg-white group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-blue-700 group-data-[state=checked]:border-blue-700">
        <RadioGroupPrimitive.Indicator className="size-2.5 rounded-full bg-blue-700" />
      </span>
    </RadioGroupPrimitive.Item>
  );
}
