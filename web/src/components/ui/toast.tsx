import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { TOAST_DURATION_MS } from '@/lib/ui-timings';
import { cn } from '@/lib/utils';

const TOAST_SWIPE_DIRECTION = 'right';
const TOAST_SWIPE_THRESHOLD = 50;
const TOAST_HOTKEY = ['F8'];

/** docs/SPEC.md §9: 5000 ms on screen, swipe right past 50 px to dismiss, F8 focuses the region. */
export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      {...props}
    />
  );
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={TOAST_HOTKEY}
      className={cn(
        'fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0',
  {
    variants: {
      variant: {
        default: 'border-slate-200 bg-white text-slate-900',
        destructive: 'border-red-700 bg-red-700 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastVariant = VariantProps<typeof toastVariants>['variant'];

export function Toast({ className, variant, ...props }: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Dismiss notification"
      className={cn(
        'absolute top-3 right-3 rounded-md p-1 opacity-70 touch:top-1 touch:right-1 touch:inline-flex touch:size-11 touch:items-center touch:justify-center hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}
