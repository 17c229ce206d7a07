import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useCurrentUser } from '@/lib/auth';
import { LandingRoute } from './landing';

const HomeRoute = lazy(() => import('./home'));

/** '/': the landing page while authentication loads and for visitors, the home page once someone is signed in. */
export function RootRoute() {
  const { user } = useCurrentUser();
  if (!user) return <LandingRoute />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <HomeRoute user={user} />
    </Suspense>
  );
}
