import { hasPremiumAccess, TRIAL_ENDED_STATUS, type User } from '@dcbrief/shared';
import { PageShell } from '@/components/layout/page-shell';
import { OfflineCopyBanner } from '@/components/offline-copy-banner';
import { SubscriptionStatusCard } from '@/features/account/components/subscription-status-card';
import { TrialNotice } from '@/features/account/components/trial-notice';
import { useListen } from '@/features/audio/hooks/use-listen';
import { HomeQuickActions } from '@/features/home/components/home-quick-actions';
import { WelcomeHeader } from '@/features/home/components/welcome-header';
import { useDigestStats } from '@/features/intelligence/api/get-digest-stats';
import { useDigests } from '@/features/intelligence/api/get-digests';
import { useFeedback } from '@/features/intelligence/api/get-feedback';
import { RecentActivityCard } from '@/features/intelligence/components/recent-activity-card';
import { StatsCard } from '@/features/intelligence/components/stats-card';
import { homeStatItems } from '@/features/intelligence/components/stats-grid';
import { TodaysBriefCard } from '@/features/intelligence/components/todays-brief-card';
import { intelligenceStats } from '@/features/intelligence/hooks/intelligence-stats';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in home page; loaded on demand so the landing page stays small. */
export default function HomeRoute({ user }: { user: User }) {
  useDocumentTitle('Home');
  const digests = useDigests({ enabled: true });
  const feedback = useFeedback({ enabled: true });
  const stats = useDigestStats({ enabled: true });
  const premium = hasPremiumAccess(user);
  const listen = useListen(user);
  return (
    <PageShell>
      <OfflineCopyBanner queryKeys={[queryKeys.digests, queryKeys.digestStats, queryKeys.feedback, queryKeys.episodes]} />
      <WelcomeHeader user={user} />
      <TrialNotice user={user} />
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <TodaysBriefCard
            digests={digests.data}
            isLoading={digests.isLoading}
            deliveryStopped={user.subscriptionStatus === TRIAL_ENDED_STATUS}
          />
          <StatsCard title="Stats" items={homeStatItems(intelligenceStats(stats.data, feedback.data))} />
          <RecentActivityCard feedback={feedback.data} />
        </div>
        <div className="grid content-start gap-6">
          <SubscriptionStatusCard user={user} />
          <HomeQuickActions premiumAccess={premium} listen={listen} />
        </div>
      </div>
    </PageShell>
  );
}
