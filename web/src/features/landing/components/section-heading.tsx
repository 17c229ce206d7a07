import type { ReactNode } from 'react';

/** The centred eyebrow, heading and lead that open a section of the landing page; `id` names the section. */
export function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: ReactNode; lead: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-950">
        {title}
      </h2>
      <p className="mt-4 text-slate-600">{lead}</p>
    </div>
  );
}
