import { BarChart3 } from 'lucide-react';
import { TitledCard } from '@/components/titled-card';
import { StatsGrid, type StatItem } from './stats-grid';

/** The figures card: 'Stats' on the home page, 'Your Intelligence Stats' on the dashboard. */
export function StatsCard({ title, items, gridClassName }: { title: string; items: StatItem[]; gridClassName?: string }) {
  return (
    <TitledCard icon={BarChart3} title={title}>
      <StatsGrid items={items} className={gridClassName} />
    </TitledCard>
  );
}
