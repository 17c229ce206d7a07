import { lazy, Suspense, useEffect, useState } from 'react';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

// The dialog's code (focus trap, scroll lock) is not needed to show the page: it is fetched once the page is
// idle, or at the first click if that comes sooner.
const loadWaitlistDialog = () => import('@/features/waitlist/components/waitlist-dialog');
const WaitlistDialog = lazy(async () => ({ default: (await loadWaitlistDialog()).WaitlistDialog }));
const SignInDialog = lazy(async () => ({ default: (await import('@/features/sign-in/components/sign-in-dialog')).SignInDialog }));

/**
 * The landing page and its two dialogs, without the router: the page the build prerenders into index.html and
 * the landing page's own first script hydrates (src/main.tsx, docs/decisions/530).
 */
export function LandingScreen() {
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const [waitlistRequested, setWaitlistRequested] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  useDocumentTitle(null);
  useEffect(() => {
    const preload = () => void loadWaitlistDialog();
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 1500);
    return () => clearTimeout(timer);
  }, []);
  const openWaitlist = () => {
    setWaitlistRequested(true);
    setWaitlistOpen(true);
  };
  // Both top-bar buttons open the waitlist (docs/SPEC.md §2); returning subscribers sign in from inside it.
  const switchToSignIn = () => {
    setWaitlistOpen(false);
    setSignInOpen(true);
  };
  return (
    <>
      <LandingPage onJoinWaitlist={openWaitlist} />
      {waitlistRequested && (
        <Suspense fallback={null}>
          <WaitlistDialog open={waitlistOpen} onOpenChange={setWaitlistOpen} onSignIn={switchToSignIn} />
        </Suspense>
      )}
      {signInOpen && (
        <Suspense fallback={null}>
          <SignInDialog open={signInOpen} onOpenChange={setSignInOpen} />
        </Suspense>
      )}
    </>
  );
}
