import { hasPremiumAccess, isActive, isTrialing } from '@dcbrief/shared';
import { BackLink } from '@/components/back-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { PageShell } from '@/components/layout/page-shell';
import { OfflineCopyBanner } from '@/components/offline-copy-banner';
import { AccountInfoCard } from '@/features/account/components/account-info-card';
import { DashboardQuickActions } from '@/features/account/components/dashboard-quick-actions';
import { TierBadge } from '@/features/account/components/tier-badge';
import { UpgradeCard } from '@/features/account/components/upgrade-card';
import { CalendarFeedCard } from '@/features/calendar/components/calendar-feed-card';
import { useDigestStats } from '@/features/intelligence/api/get-digest-stats';
import { useDigests } from '@/features/intelligence/api/get-digests';
import { useFeedback } from '@/features/intelligence/api/get-feedback';
import { StatsCard } from '@/features/intelligence/components/stats-card';
import { dashboardStatItems, thumbsLeaningNote } from '@/features/intelligence/components/stats-grid';
import { intelligenceStats } from '@/features/intelligence/hooks/intelligence-stats';
import { useFollowAlerts } from '@/features/follows/api/get-follow-alerts';
import { useFollowSuggestions } from '@/features/follows/api/get-follow-suggestions';
import { FollowAlertsCard } from '@/features/follows/components/follow-alerts-card';
import { SuggestedFollowsCard } from '@/features/follows/components/suggested-follows-card';
import { PreferencesForm } from '@/features/preferences/components/preferences-form';
import { usePaymentReturnNotice } from '@/features/subscribe/hooks/use-payment-return-notice';
import { useSignedInPage } from '@/hooks/use-signed-in-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { queryKeys } from '@/lib/query-keys';

export default function DashboardRoute() {
  const { user, isLoading, expireSession } = useSignedInPage();
  useDocumentTitle('Dashboard & Preferences');
  const digests = useDigests({ enabled: !!user });
  const feedback = useFeedback({ enabled: !!user });
  const stats = useDigestStats({ enabled: !!user });
  // The two follow cards sit above the account column on a phone: the page waits for their first answer rather
  // than pushing that column down when they arrive. Only the first: a card that failed refetches when it mounts,
  // and that must not hide the page again; and isLoading, not isPending: offline, a paused query holds nothing.
  const suggestions = useFollowSuggestions({ enabled: !!user });
  const alerts = useFollowAlerts({ enabled: !!user });
  const firstLoad = (q: { isLoading: boolean; isFetched: boolean }) => q.isLoading && !q.isFetched;
  usePaymentReturnNotice();

  // The dashboard exists only for signed-in users: nothing of it shows before the redirect.
  if (!user || firstLoad(suggestions) || firstLoad(alerts))
    return <FullPageSpinner label={isLoading || user ? 'Loading your dashboard' : 'Redirecting to sign in'} />;
  const premiumAccess = hasPremiumAccess(user);
  const figures = intelligenceStats(stats.data, feedback.data);

  return (
    <PageShell>
      <OfflineCopyBanner queryKeys={[queryKeys.digests, queryKeys.digestStats, queryKeys.feedback]} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        <TierBadge user={user} />
      </div>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Dashboard &amp; Preferences</h1>
      <p className="mt-1 text-slate-600">Shape what DC Brief sends you and when.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <PreferencesForm key={user.id} user={user} premiumAccess={premiumAccess} onSessionExpired={expireSession} />
          <SuggestedFollowsCard enabled={!!user} />
          <FollowAlertsCard enabled={!!user} />
        </div>
        <aside aria-label="Account" className="grid content-start gap-6">
          <AccountInfoCard user={user} />
          {!isActive(user) && <UpgradeCard trialing={isTrialing(user)} />}
          <StatsCard
            title="Your Intelligence Stats"
            items={dashboardStatItems(figures, { audio: premiumAccess })}
            gridClassName="grid-cols-2"
            note={premiumAccess ? thumbsLeaningNote(figures.leaning) : null}
          />
          <DashboardQuickActions premiumAccess={premiumAccess} latestDigestId={digests.data?.[0]?.id} />
          <CalendarFeedCard />
        </aside>
      </div>
    </PageShell>
  );
}
