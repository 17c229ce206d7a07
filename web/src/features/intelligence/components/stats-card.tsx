import { BarChart3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { TitledCard } from '@/components/titled-card';
import { StatsGrid, type StatItem } from './stats-grid';

/** The figures card: 'Stats' on the home page, 'Your Intelligence Stats' on the dashboard. */
export function StatsCard({
  title,
  items,
  gridClassName,
  note,
}: {
  title: string;
  items: StatItem[];
  gridClassName?: string;
  /** A sentence under the figures (the dashboard says where the subscriber's thumbs steer). */
  note?: ReactNode;
}) {
  return (
    <TitledCard icon={BarChart3} title={title}>
      <StatsGrid items={items} className={gridClassName} />
      {note && <p className="mt-3 text-sm text-slate-600">{note}</p>}
    </TitledCard>
  );
}
