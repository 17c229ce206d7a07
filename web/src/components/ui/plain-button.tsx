import type { ComponentProps } from 'react';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

/**
 * A Button whose added classes are joined, not merged: for the landing page, whose first script stays without
 * tailwind-merge (docs/decisions/530-landing-page-prerendered-and-light.md). `className` must not name a
 * property the variant and size already set (a margin or a width is fine; another padding is not: pass
 * `size={null}` and the whole size instead).
 */
export function PlainButton({ className, variant, size, ...props }: ComponentProps<'button'> & ButtonVariantProps) {
  return <button data-slot="button" className={buttonVariants({ variant, size, className })} {...props} />;
}
