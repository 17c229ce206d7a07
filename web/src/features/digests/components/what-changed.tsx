import { changeLine, isHttpUrl, type EntityChange } from '@dcbrief/shared';
import { formatLongDate } from '@/lib/date-format';

/**
 * A weekly summary's "What changed" (docs/decisions/311): per followed entity, each change as a stated fact, with
 * its date, the sentence and every outlet that states it. Exactly what the email told.
 */
export function WhatChanged({ changes }: { changes: EntityChange[] }) {
  const groups = new Map<string, EntityChange[]>();
  for (const c of changes) groups.set(c.entity.id, [...(groups.get(c.entity.id) ?? []), c]);
  return (
    <section aria-labelledby="what-changed" className="mt-8">
      <h2 id="what-changed" className="border-b-2 border-blue-700 pb-1 text-sm font-bold tracking-wide text-blue-800 uppercase">
        What changed
      </h2>
      <div className="mt-4 grid gap-4">
        {[...groups.values()].map((group) => (
          <div key={group[0]!.entity.id}>
            <h3 className="font-semibold text-slate-900">{group[0]!.entity.name}</h3>
            <ul className="mt-1 space-y-2 text-[15px] text-slate-800">
              {group.map((c) => (
                <li key={c.key}>
                  <span className="font-medium">{changeLine(c)}</span>{' '}
                  <span className="text-sm text-slate-600">
                    · {formatLongDate(c.statedAt.slice(0, 10))} ·{' '}
                    {c.outlets.map((o, i) => (
                      <span key={o.id}>
                        {i > 0 && ', '}
                        {o.url && isHttpUrl(o.url) ? (
                          <a href={o.url} className="text-blue-700 underline-offset-4 hover:underline" rel="noreferrer" target="_blank">
                            {o.name}
                          </a>
                        ) : (
                          o.name
                        )}
                      </span>
                    ))}
                  </span>
                  <q className="mt-0.5 block text-sm text-slate-600">{c.sentence}</q>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
