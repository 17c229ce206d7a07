import { BarChart3 } from 'lucide-react';
import type { IntelligenceStats } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { homeStatItems, StatsGrid } from './stats-grid';

export function StatsCard({ stats }: { stats: IntelligenceStats }) {
  return (
    <TitledCard icon={BarChart3} title="Stats">
      <StatsGrid items={homeStatItems(stats)} />
    </TitledCard>
  );
}
