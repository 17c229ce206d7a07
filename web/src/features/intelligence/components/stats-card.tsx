import { BarChart3 } from 'lucide-react';
import type { IntelligenceStats } from '@dcbrief/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { homeStatItems, StatsGrid } from './stats-grid';

export function StatsCard({ stats }: { stats: IntelligenceStats }) {
  return (
    <Card aria-labelledby="stats-title">
      <CardHeader>
        <CardTitle id="stats-title">
          <BarChart3 aria-hidden="true" className="size-5 text-blue-700" />
          Stats
        </CardTitle>
      </CardHeader>
      <CardContent>
        <StatsGrid items={homeStatItems(stats)} />
      </CardContent>
    </Card>
  );
}
