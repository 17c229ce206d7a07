import { useLocation } from 'react-router';
import { BackLink } from '@/components/back-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { PageShell } from '@/components/layout/page-shell';
import { EntityFinder } from '@/features/entities/components/entity-finder';
import { SignInCard } from '@/features/sign-in/components/sign-in-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/lib/auth';

export default function EntitiesRoute() {
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();
  useDocumentTitle(user || isLoading ? 'Companies, sites and places' : 'Sign in to follow companies and sites');
  if (isLoading) return <FullPageSpinner label="Loading" />;
  if (!user)
    return (
      <PageShell>
        <SignInCard
          title="Sign in to follow companies and sites"
          description="Entity pages are part of your subscription. We'll email you a link that brings you back here."
          next={`${pathname}${search}`}
        />
      </PageShell>
    );
  return (
    <PageShell>
      <BackLink className="mb-6" />
      <EntityFinder />
    </PageShell>
  );
}
