import { Bell, Library, MessageSquare, Newspaper, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

interface QuickAction {
  icon: LucideIcon;
  label: string;
  premiumOnly?: boolean;
  /** Where the action leads; actions without one are announced as coming soon. */
  to?: string;
}

const ACTIONS: QuickAction[] = [
  { icon: Newspaper, label: 'View Recent Digests', to: paths.digests },
  { icon: Library, label: 'Audio Library', premiumOnly: true },
  { icon: MessageSquare, label: 'Provide Feedback' },
  { icon: Bell, label: 'Notification Settings' },
];

/**
 * Spec section 2 has these do nothing; the delivery issue links View Recent Digests to the digest archive.
 * The others say where they are headed instead.
 */
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
        {ACTIONS.filter((action) => premiumAccess || !action.premiumOnly).map(({ icon: Icon, label, to }) =>
          to ? (
            <Button key={label} asChild variant="outline" className="w-full justify-start">
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          ) : (
            <Tooltip key={label}>
              <TooltipTrigger asChild>
                <Button type="button" variant="outline" className="w-full justify-start">
                  <Icon aria-hidden="true" />
                  {label}
                </Button>
              </TooltipTrigger>
              <TooltipContent>Coming soon</TooltipContent>
            </Tooltip>
          ),
        )}
      </CardContent>
    </Card>
  );
}
