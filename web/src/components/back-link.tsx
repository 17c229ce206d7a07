import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { cn } from '@/lib/utils';

/** The quiet arrow link at the top of a screen, back to where it came from: home unless told otherwise. */
export function BackLink({
  to = paths.home,
  children = 'Back to home',
  className,
}: {
  to?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md text-sm touch:min-h-11 font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700',
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
