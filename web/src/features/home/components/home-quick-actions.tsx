import { Headphones, Library, Settings2, Sparkles } from 'lucide-react';
import { paths } from '@/app/paths';
import { QuickActionsCard, type QuickAction } from '@/components/quick-actions-card';

// The audio player arrives with the audio issue; until then these say what they will do.
const AUDIO_ACTIONS: readonly QuickAction[] = [
  { icon: Headphones, label: 'Listen', hint: "Play today's audio digest" },
  { icon: Library, label: 'Audio Library', hint: 'Browse past audio digests' },
];

const EVERYONE_ACTIONS: readonly QuickAction[] = [
  { icon: Settings2, label: 'Manage Preferences', to: paths.dashboard },
  { icon: Sparkles, label: 'View Plans', to: paths.subscribe },
];

/** Spec: Listen and Audio Library only for premium + active; links to /dashboard and /subscribe for everyone. */
export function HomeQuickActions({ premiumAccess }: { premiumAccess: boolean }) {
  return <QuickActionsCard actions={premiumAccess ? [...AUDIO_ACTIONS, ...EVERYONE_ACTIONS] : EVERYONE_ACTIONS} />;
}
