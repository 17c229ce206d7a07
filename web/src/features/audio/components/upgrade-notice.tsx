import { Headphones } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';

/** What a subscriber without active Premium Intelligence sees at /audio. */
export function UpgradeNotice() {
  return (
    <TitledCard icon={Headphones} title="Audio Library" contentClassName="grid justify-items-start gap-3">
      <p className="text-sm text-slate-600">The personalized audio digest is part of Premium Intelligence.</p>
      <Button asChild>
        <Link to={paths.subscribe}>View Plans</Link>
      </Button>
    </TitledCard>
  );
}
