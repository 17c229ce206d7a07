import { useCurrentUser } from '@/lib/auth';
import { DASHBOARD_LOGIN_REDIRECT_MS } from '@/lib/ui-timings';
import { LOGGED_OUT_NOTICE } from './login-redirect-notices';
import { useLoginRedirect } from './use-login-redirect';

/** Pages for subscribers only behave like the dashboard when signed out: the logged-out toast, then sign-in. */
export function useSignedInPage() {
  const { user, isLoading } = useCurrentUser();
  useLoginRedirect(!isLoading && !user, DASHBOARD_LOGIN_REDIRECT_MS, LOGGED_OUT_NOTICE);
  return { user, isLoading };
}
