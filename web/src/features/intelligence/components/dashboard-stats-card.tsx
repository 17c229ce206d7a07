import { BarChart3 } from 'lucide-react';
import type { IntelligenceStats } from '@dcbrief/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { dashboardStatItems, StatsGrid } from './stats-grid';

export function DashboardStatsCard({ stats }: { stats: IntelligenceStats }) {
  return (
    <Card aria-labelledby="dashboard-stats-title">
      <CardHeader>
        <CardTitle id="dashboard-stats-title">
          <BarChart3 aria-hidden="true" className="size-5 text-blue-700" />
          Your Intelligence Stats
        </CardTitle>
      </CardHeader>
      <CardContent>
        <StatsGrid items={dashboardStatItems(stats)} className="grid-cols-2" />
      </CardContent>
    </Card>
  );
}
