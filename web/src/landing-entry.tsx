import { lazy, Suspense } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { useSignedOutNoticeWithoutRouter } from '@/hooks/signed-out-notice';
import { useCurrentUser } from '@/lib/auth';
import { LandingScreen } from './app/routes/landing-screen';

// The app's router, the audio player and the home page come when someone turns out to be signed in.
const App = lazy(async () => ({ default: (await import('./app/app')).App }));

/**
 * '/' as the landing page's own first script renders it: the landing page while authentication loads and for
 * visitors (docs/SPEC.md, routes), the whole app (whose '/' is the home page) once someone is signed in. The
 * first render is exactly the HTML the build prerendered into index.html (scripts/prerender.tsx).
 */
export function LandingEntry({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LandingOrApp />
    </QueryClientProvider>
  );
}

function LandingOrApp() {
  const { user } = useCurrentUser();
  if (user) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <App />
      </Suspense>
    );
  }
  return <SignedOutLanding />;
}

function SignedOutLanding() {
  useSignedOutNoticeWithoutRouter();
  return (
    <>
      <LandingScreen />
      <LazyToaster />
    </>
  );
}
