import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from './paths';
import { NotFoundRoute } from './routes/not-found';
import { RootRoute } from './routes/root';

// Screens other than '/' load on demand: the landing page's first download stays small, and
// Stripe's code (subscribe only) never reaches any other page.
const SubscribeRoute = lazy(() => import('./routes/subscribe'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const DigestsRoute = lazy(() => import('./routes/digests'));
const DigestRoute = lazy(() => import('./routes/digest'));
const AudioRoute = lazy(() => import('./routes/audio'));
const EntitiesRoute = lazy(() => import('./routes/entities'));
const EntityRoute = lazy(() => import('./routes/entity'));

function withSuspense(Screen: ComponentType) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Screen />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  { path: paths.home, element: <RootRoute /> },
  { path: paths.subscribe, element: withSuspense(SubscribeRoute) },
  { path: paths.dashboard, element: withSuspense(DashboardRoute) },
  { path: paths.digests, element: withSuspense(DigestsRoute) },
  { path: paths.digest, element: withSuspense(DigestRoute) },
  { path: paths.audio, element: withSuspense(AudioRoute) },
  { path: paths.episode, element: withSuspense(AudioRoute) },
  { path: paths.entities, element: withSuspense(EntitiesRoute) },
  { path: paths.entity, element: withSuspense(EntityRoute) },
  { path: '*', element: <NotFoundRoute /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
