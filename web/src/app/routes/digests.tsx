import { useLocation } from 'react-router';
import { BackLink } from '@/components/back-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { OfflineCopyBanner } from '@/components/offline-copy-banner';
import { PageShell } from '@/components/layout/page-shell';
import { DigestArchive } from '@/features/digests/components/digest-archive';
import { useDigests } from '@/features/intelligence/api/get-digests';
import { SignInCard } from '@/features/sign-in/components/sign-in-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

export default function DigestsRoute() {
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();
  const digests = useDigests({ enabled: !!user });
  useDocumentTitle(user || isLoading ? 'Digests' : 'Sign in to see your digests');
  if (isLoading) return <FullPageSpinner label="Loading your digests" />;
  if (!user)
    return (
      <PageShell>
        <SignInCard
          title="Sign in to see your digests"
          description="Your digest archive is part of your subscription. We'll email you a link that brings you back here."
          next={`${pathname}${search}`}
        />
      </PageShell>
    );
  return (
    <PageShell>
      <BackLink className="mb-6" />
      <OfflineCopyBanner queryKeys={[queryKeys.digests]} />
      <DigestArchive digests={digests.data} isLoading={digests.isLoading} />
    </PageShell>
  );
}
