import type { ReactNode } from 'react';
import { clsx } from 'clsx';

interface LandingSectionProps {
  /** The anchor the top bar links to (#features, #pricing); the heading's id is made from it. */
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A section of the landing page: centred eyebrow, heading and lead, then its content. */
export function LandingSection({ id, eyebrow, title, lead, className, children }: LandingSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={clsx('py-16 sm:py-24', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-slate-950">
            {title}
          </h2>
          <p className="mt-4 text-slate-600">{lead}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
