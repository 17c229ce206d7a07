import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
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
      <Link
        to={paths.home}
        className="mb-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to home
      </Link>
      <DigestArchive digests={digests.data} isLoading={digests.isLoading} />
    </PageShell>
  );
}
