import { cva, type VariantProps } from 'class-variance-authority';

// No class of the base conflicts with a variant's or a size's (the font size lives in each size), so a variant's
// classes are right joined as they are: the landing page builds its buttons from them without tailwind-merge
// (docs/decisions/530-landing-page-prerendered-and-light.md). Button still merges what a caller adds.
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
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
        sm: 'h-8 px-3 text-sm touch:h-11',
        default: 'h-10 px-4 text-sm touch:h-11',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10 text-sm touch:size-11',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
