import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A 44 x 24 px track; on touch screens the button around it is 44 px high (a finger's target) while the
 * track keeps its size, so rows of switches look the same on a phone and on a desktop.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'group inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full outline-none disabled:cursor-not-allowed disabled:opacity-50 touch:h-11',
        className,
      )}
      {...props}
    >
      <span className="inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent transition-colors group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-blue-700 group-data-[state=checked]:bg-blue-700 group-data-[state=unchecked]:bg-slate-300">
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </span>
    </SwitchPrimitive.Root>
  );
}
