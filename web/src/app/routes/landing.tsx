import { useSignedOutNotice } from '@/hooks/use-signed-out-notice';
import { LandingScreen } from './landing-screen';

/** '/' inside the app's router (signed out, or while authentication loads after a navigation in the app). */
export function LandingRoute() {
  useSignedOutNotice();
  return <LandingScreen />;
}
