import { lazy, Suspense, useState } from 'react';
import { useToast } from '@/hooks/use-toast';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * The Toaster, fetched at the first toast: the landing page's first script stays without Radix's toast
 * (docs/decisions/530). Once there, it stays, so a toast's closing animation and the next toast work as before.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
