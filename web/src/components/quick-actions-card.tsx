import { Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

export interface QuickAction {
  icon: LucideIcon;
  label: string;
  /** Where the action leads. */
  to?: string;
  /** What it does on this screen. */
  onSelect?: () => void;
  /** Said in a tooltip, while the action has nothing to lead to, instead of failing silently. */
  hint?: string;
}

function QuickActionButton({ action: { icon: Icon, label, to, onSelect, hint } }: { action: QuickAction }) {
  const content = (
    <>
      <Icon aria-hidden="true" />
      {label}
    </>
  );
  if (to) {
    return (
      <Button asChild variant="outline" className="w-full justify-start">
        <Link to={to}>{content}</Link>
      </Button>
    );
  }
  const button = (
    <Button type="button" variant="outline" className="w-full justify-start" onClick={onSelect}>
      {content}
    </Button>
  );
  if (!hint) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}

/** The Quick Actions card of the home page and the dashboard: each screen says which actions it offers. */
export function QuickActionsCard({ actions }: { actions: readonly QuickAction[] }) {
  return (
    <TitledCard icon={Zap} title="Quick Actions" contentClassName="grid gap-2">
      {actions.map((action) => (
        <QuickActionButton key={action.label} action={action} />
      ))}
    </TitledCard>
  );
}
