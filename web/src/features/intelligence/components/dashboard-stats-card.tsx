import { BarChart3 } from 'lucide-react';
import type { IntelligenceStats } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { dashboardStatItems, StatsGrid } from './stats-grid';

export function DashboardStatsCard({ stats }: { stats: IntelligenceStats }) {
  return (
    <TitledCard icon={BarChart3} title="Your Intelligence Stats">
      <StatsGrid items={dashboardStatItems(stats)} className="grid-cols-2" />
    </TitledCard>
  );
}
