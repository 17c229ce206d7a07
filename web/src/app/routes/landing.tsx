import { lazy, Suspense, useEffect, useState } from 'react';
import { LandingPage } from '@/features/landing/components/landing-page';

// The dialog's code (focus trap, scroll lock) is not needed to show the page: it is fetched once the page is
// idle, or at the first click if that comes sooner.
const loadWaitlistDialog = () => import('@/features/waitlist/components/waitlist-dialog');
const WaitlistDialog = lazy(async () => ({ default: (await loadWaitlistDialog()).WaitlistDialog }));

export function LandingRoute() {
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const [waitlistRequested, setWaitlistRequested] = useState(false);
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
  return (
    <>
      <LandingPage onJoinWaitlist={openWaitlist} />
      {waitlistRequested && (
        <Suspense fallback={null}>
          <WaitlistDialog open={waitlistOpen} onOpenChange={setWaitlistOpen} />
        </Suspense>
      )}
    </>
  );
}
