import { Bell, Library, MessageSquare, Newspaper, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

interface QuickAction {
  icon: LucideIcon;
  label: string;
  premiumOnly?: boolean;
}

const ACTIONS: QuickAction[] = [
  { icon: Newspaper, label: 'View Recent Digests' },
  { icon: Library, label: 'Audio Library', premiumOnly: true },
  { icon: MessageSquare, label: 'Provide Feedback' },
  { icon: Bell, label: 'Notification Settings' },
];

/** Spec section 2: these do nothing on this screen yet, so each says where it is headed instead. */
export function DashboardQuickActions({ premiumAccess }: { premiumAccess: boolean }) {
  return (
    <Card aria-labelledby="dashboard-quick-actions-title">
      <CardHeader>
        <CardTitle id="dashboard-quick-actions-title">
          <Zap aria-hidden="true" className="size-5 text-blue-700" />
          Quick Actions
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {ACTIONS.filter((action) => premiumAccess || !action.premiumOnly).map(({ icon: Icon, label }) => (
          <Tooltip key={label}>
            <TooltipTrigger asChild>
              <Button type="button" variant="outline" className="w-full justify-start">
                <Icon aria-hidden="true" />
                {label}
              </Button>
            </TooltipTrigger>
            <TooltipContent>Coming soon</TooltipContent>
          </Tooltip>
        ))}
      </CardContent>
    </Card>
  );
}
