import { Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';

export interface QuickAction {
  icon: LucideIcon;
  label: string;
  /** Where the action leads. */
  to?: string;
  /** What it does on this screen. */
  onSelect?: () => void;
  /**
   * Why the action has nothing to do yet: shown under it, and again (as a toast) when it is clicked, never a
   * button that silently does nothing.
   */
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
  if (!hint) {
    return (
      <Button type="button" variant="outline" className="w-full justify-start" onClick={onSelect}>
        {content}
      </Button>
    );
  }
  const hintId = `hint-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="grid gap-1">
      <Button
        type="button"
        variant="outline"
        className="w-full justify-start"
        aria-describedby={hintId}
        onClick={() => {
          onSelect?.();
          toast({ title: label, description: hint });
        }}
      >
        {content}
      </Button>
      <p id={hintId} className="px-1 text-xs text-slate-600">
        {hint}
      </p>
    </div>
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
