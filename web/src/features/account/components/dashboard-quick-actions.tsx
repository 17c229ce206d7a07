import { Bell, Library, MessageSquare, Newspaper, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { digestPath, paths } from '@/app/paths';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

interface QuickAction {
  icon: LucideIcon;
  label: string;
  premiumOnly?: boolean;
  /** Where the action leads. */
  to?: string;
  /** What it does on this screen. */
  onSelect?: () => void;
  /** Said instead, while the action has nothing to lead to. */
  hint?: string;
}

/** The Email Preferences card on this screen: brought into view with its first switch focused. */
function showEmailPreferences() {
  document.getElementById('email-preferences-title')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  document.getElementById('pref-daily')?.focus({ preventScroll: true });
}

/**
 * Spec section 2 has these do nothing; here each leads where its name says (decision 106): the digest
 * archive, the rating of the latest digest, and the email preferences on this screen. The audio library
 * says what it will hold until audio digests exist.
 */
export function DashboardQuickActions({ premiumAccess, latestDigestId }: { premiumAccess: boolean; latestDigestId?: string }) {
  const ACTIONS: QuickAction[] = [
    { icon: Newspaper, label: 'View Recent Digests', to: paths.digests },
    { icon: Library, label: 'Audio Library', premiumOnly: true, hint: 'Your audio digests will be listed here' },
    latestDigestId
      ? { icon: MessageSquare, label: 'Provide Feedback', to: `${digestPath(latestDigestId)}#rating` }
      : { icon: MessageSquare, label: 'Provide Feedback', hint: 'Rate your first digest when it arrives' },
    { icon: Bell, label: 'Notification Settings', onSelect: showEmailPreferences },
  ];
  return (
    <TitledCard icon={Zap} title="Quick Actions" contentClassName="grid gap-2">
      {ACTIONS.filter((action) => premiumAccess || !action.premiumOnly).map(({ icon: Icon, label, to, onSelect, hint }) =>
        onSelect ? (
          <Button key={label} type="button" variant="outline" className="w-full justify-start" onClick={onSelect}>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ) : to ? (
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
            <TooltipContent>{hint}</TooltipContent>
          </Tooltip>
        ),
      )}
    </TitledCard>
  );
}
