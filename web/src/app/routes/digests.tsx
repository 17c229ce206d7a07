import { BackLink } from '@/components/back-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { PageShell } from '@/components/layout/page-shell';
import { DigestArchive } from '@/features/digests/components/digest-archive';
import { useDigests } from '@/features/intelligence/api/get-digests';
import { useSignedInPage } from '@/hooks/use-signed-in-page';

export default function DigestsRoute() {
  const { user, isLoading } = useSignedInPage();
  const digests = useDigests({ enabled: !!user });
  if (!user) return <FullPageSpinner label={isLoading ? 'Loading your digests' : 'Redirecting to sign in'} />;
  return (
    <PageShell>
      <BackLink className="mb-6" />
      <DigestArchive digests={digests.data} isLoading={digests.isLoading} />
    </PageShell>
  );
}
