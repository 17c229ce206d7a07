import { Bell, Library, MessageSquare, Newspaper } from 'lucide-react';
import { digestPath } from '@dcbrief/shared';
import { paths } from '@/app/paths';
import { QuickActionsCard, type QuickAction } from '@/components/quick-actions-card';

/** The Email Preferences card on this screen: brought into view with its first switch focused. */
function showEmailPreferences() {
  document.getElementById('email-preferences-title')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  document.getElementById('pref-daily')?.focus({ preventScroll: true });
}

const AUDIO_LIBRARY: QuickAction = { icon: Library, label: 'Audio Library', to: paths.audio };

function provideFeedback(latestDigestId: string | undefined): QuickAction {
  return latestDigestId
    ? { icon: MessageSquare, label: 'Provide Feedback', to: `${digestPath(latestDigestId)}#rating` }
    : { icon: MessageSquare, label: 'Provide Feedback', hint: 'Rate your first digest when it arrives' };
}

/**
 * docs/SPEC.md §2 has these do nothing; here each leads where its name says (decision 106): the digest
 * archive, the rating of the latest digest, and the email preferences on this screen. The audio library
 * (active premium only) opens the list of audio digests.
 */
export function DashboardQuickActions({ premiumAccess, latestDigestId }: { premiumAccess: boolean; latestDigestId?: string }) {
  const actions: QuickAction[] = [
    { icon: Newspaper, label: 'View Recent Digests', to: paths.digests },
    ...(premiumAccess ? [AUDIO_LIBRARY] : []),
    provideFeedback(latestDigestId),
    { icon: Bell, label: 'Notification Settings', onSelect: showEmailPreferences },
  ];
  return <QuickActionsCard actions={actions} />;
}
