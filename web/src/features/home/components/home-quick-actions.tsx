import { Headphones, Library, Settings2, Sparkles } from 'lucide-react';
import { paths } from '@/app/paths';
import { QuickActionsCard, type QuickAction } from '@/components/quick-actions-card';

const EVERYONE_ACTIONS: readonly QuickAction[] = [
  { icon: Settings2, label: 'Manage Preferences', to: paths.dashboard },
  { icon: Sparkles, label: 'View Plans', to: paths.subscribe },
];

/**
 * Spec: Listen and Audio Library only for premium + active; links to /dashboard and /subscribe for everyone.
 * `listen` plays the latest episode (the route hands it over from the audio feature), or says why it cannot.
 */
export function HomeQuickActions({ premiumAccess, listen }: { premiumAccess: boolean; listen?: { play: () => void } | { hint: string } }) {
  const audio: QuickAction[] = [
    listen && 'play' in listen
      ? { icon: Headphones, label: 'Listen', onSelect: listen.play }
      : { icon: Headphones, label: 'Listen', hint: listen?.hint ?? 'Preparing today’s episode…' },
    { icon: Library, label: 'Audio Library', to: paths.audio },
  ];
  return <QuickActionsCard actions={premiumAccess ? [...audio, ...EVERYONE_ACTIONS] : EVERYONE_ACTIONS} />;
}
