import { LoaderCircle } from 'lucide-react';
import { clsx } from 'clsx';

// Joined with clsx: the landing page's first script shows it (docs/decisions/530); add classes that do not conflict.
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={clsx('inline-flex items-center justify-center text-blue-700', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
    </span>
  );
}
