import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-blue-700 text-white shadow-sm hover:bg-blue-800',
        outline: 'border border-slate-300 bg-white text-slate-900 shadow-xs hover:border-slate-400 hover:bg-slate-50',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
        ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        link: 'text-blue-700 underline-offset-4 hover:underline',
        inverse: 'bg-white text-blue-800 shadow-sm hover:bg-blue-50',
        destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700',
      },
      size: {
        sm: 'h-8 px-3 touch:h-11',
        default: 'h-10 px-4 touch:h-11',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10 touch:size-11',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link, say) with the button's styling instead of a <button>. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return <Component data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
