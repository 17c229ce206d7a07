import { useLocation, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { BackLink } from '@/components/back-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { OfflineCopyBanner } from '@/components/offline-copy-banner';
import { PageShell } from '@/components/layout/page-shell';
import { Skeleton } from '@/components/ui/skeleton';
import { useDigest } from '@/features/digests/api/get-digest';
import { DigestReader } from '@/features/digests/components/digest-reader';
import { SignInCard } from '@/features/sign-in/components/sign-in-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

export default function DigestRoute() {
  const { id = '' } = useParams();
  const { pathname, search } = useLocation();
  const { user, isLoading } = useCurrentUser();
  const digest = useDigest(id, { enabled: !!user && id.length > 0 });
  // No answer at all (offline, and this digest not stored on this device), as opposed to the server's 404.
  const unreachable = !!digest.error && !(digest.error instanceof ApiError);
  useDocumentTitle(
    !user && !isLoading
      ? 'Sign in to read this digest'
      : digest.data
        ? digest.data.title
        : digest.isLoading || isLoading
          ? 'Digest'
          : unreachable
            ? 'Not available offline'
            : 'Digest not found',
  );
  if (isLoading) return <FullPageSpinner label="Loading your digest" />;
  // "Read it in your browser" from an email, signed out: sign in here and the emailed link opens this digest.
  if (!user)
    return (
      <PageShell>
        <SignInCard
          title="Sign in to read this digest"
          description="Digests are for subscribers. We'll email you a sign-in link that opens this digest."
          next={`${pathname}${search}`}
        />
      </PageShell>
    );
  return (
    <PageShell>
      <BackLink to={paths.digests} className="mb-6">
        All digests
      </BackLink>
      <div className="mx-auto max-w-3xl">
        <OfflineCopyBanner queryKeys={[queryKeys.digest(id)]} />
      </div>
      {digest.isLoading ? (
        <div className="mx-auto grid max-w-3xl gap-4" data-testid="digest-skeleton">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : digest.data ? (
        <DigestReader digest={digest.data} />
      ) : unreachable ? (
        <div className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6">
          <h1 className="text-xl font-semibold text-slate-900">Not available offline</h1>
          <p className="mt-2 text-slate-600">This digest was not saved on this device. Connect to the internet to read it.</p>
        </div>
      ) : (
        <div className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6">
          <h1 className="text-xl font-semibold text-slate-900">Digest not found</h1>
          <p className="mt-2 text-slate-600">This digest does not exist or is not yours.</p>
        </div>
      )}
    </PageShell>
  );
}
