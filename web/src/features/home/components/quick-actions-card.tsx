import { Headphones, Library, Settings2, Sparkles, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

function AudioAction({ icon, label, hint }: { icon: ReactNode; label: string; hint: string }) {
  // The audio player arrives with the audio issue; until then the action says so instead of failing silently.
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="outline" className="w-full justify-start">
          {icon}
          {label}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}

/** Spec: Listen and Audio Library only for premium + active; links to /dashboard and /subscribe for everyone. */
export function QuickActionsCard({ premiumAccess }: { premiumAccess: boolean }) {
  return (
    <TitledCard icon={Zap} title="Quick Actions" contentClassName="grid gap-2">
      {premiumAccess && (
        <>
          <AudioAction icon={<Headphones aria-hidden="true" />} label="Listen" hint="Play today's audio digest" />
          <AudioAction icon={<Library aria-hidden="true" />} label="Audio Library" hint="Browse past audio digests" />
        </>
      )}
      <Button asChild variant="outline" className="w-full justify-start">
        <Link to={paths.dashboard}>
          <Settings2 aria-hidden="true" />
          Manage Preferences
        </Link>
      </Button>
      <Button asChild variant="outline" className="w-full justify-start">
        <Link to={paths.subscribe}>
          <Sparkles aria-hidden="true" />
          View Plans
        </Link>
      </Button>
    </TitledCard>
  );
}
