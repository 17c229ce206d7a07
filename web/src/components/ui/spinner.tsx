import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex items-center justify-center text-blue-700', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
    </span>
  );
}
