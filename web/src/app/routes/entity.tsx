import { useLocation, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { BackLink } from '@/components/back-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { PageShell } from '@/components/layout/page-shell';
import { Skeleton } from '@/components/ui/skeleton';
import { useEntity } from '@/features/entities/api/get-entity';
import { EntityDetailView } from '@/features/entities/components/entity-detail';
import { FollowButton } from '@/features/entities/components/follow-button';
import { SignInCard } from '@/features/sign-in/components/sign-in-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/auth';

export default function EntityRoute() {
  const { id = '' } = useParams();
  const { pathname, search } = useLocation();
  const { user, isLoading } = useCurrentUser();
  const entity = useEntity(id, { enabled: !!user && id.length > 0 });
  const missing = entity.error instanceof ApiError && entity.error.status === 404;
  useDocumentTitle(
    !user && !isLoading
      ? 'Sign in to see this page'
      : entity.data
        ? entity.data.name
        : entity.isLoading || isLoading
          ? 'Entity'
          : missing
            ? 'Not found'
            : 'Entity',
  );
  if (isLoading) return <FullPageSpinner label="Loading" />;
  if (!user)
    return (
      <PageShell>
        <SignInCard
          title="Sign in to see this page"
          description="Entity pages are part of your subscription. We'll email you a sign-in link that opens this page."
          next={`${pathname}${search}`}
        />
      </PageShell>
    );
  return (
    <PageShell>
      <BackLink to={paths.entities} className="mb-6">
        All companies, sites and places
      </BackLink>
      {entity.isLoading ? (
        <div className="mx-auto grid max-w-4xl gap-4" data-testid="entity-skeleton">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-32 w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      ) : entity.data ? (
        <EntityDetailView
          entity={entity.data}
          followButton={<FollowButton entityId={entity.data.id} name={entity.data.name} followed={entity.data.followed} />}
        />
      ) : (
        <div className="mx-auto max-w-4xl rounded-2xl border border-slate-200 bg-white p-6">
          <h1 className="text-xl font-semibold text-slate-900">{missing ? 'Not found' : 'Could not load this page'}</h1>
          <p className="mt-2 text-slate-600">
            {missing ? 'No company, site or place has this address.' : 'Please check your connection and try again.'}
          </p>
        </div>
      )}
    </PageShell>
  );
}
