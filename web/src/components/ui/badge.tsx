import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide whitespace-nowrap',
  {
    variants: {
      variant: {
        accent: 'bg-blue-700 text-white',
        soft: 'bg-blue-50 text-blue-800 ring-1 ring-blue-200 ring-inset',
        success: 'bg-emerald-100 text-emerald-800 ring-1 ring-emerald-200 ring-inset',
        neutral: 'bg-slate-100 text-slate-700 ring-1 ring-slate-200 ring-inset',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

// Classes joined with clsx, not merged: this renders on the landing page, whose first script has no tailwind-merge
// (docs/decisions/530); callers add classes that do not conflict with these (a margin, say).
export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={badgeVariants({ variant, className })} {...props} />;
}
