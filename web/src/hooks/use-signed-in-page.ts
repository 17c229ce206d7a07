import { useState } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { DASHBOARD_LOGIN_REDIRECT_MS } from '@/lib/ui-timings';
import { LOGGED_OUT_NOTICE } from './login-redirect-notices';
import { useLoginRedirect } from './use-login-redirect';

/**
 * Pages for subscribers only behave like the dashboard when signed out: the logged-out toast, then sign-in.
 * `expireSession` does the same for a session that ends on the page (a 401 from a save).
 */
export function useSignedInPage() {
  const { user, isLoading } = useCurrentUser();
  const [sessionExpired, setSessionExpired] = useState(false);
  useLoginRedirect((!isLoading && !user) || sessionExpired, DASHBOARD_LOGIN_REDIRECT_MS, LOGGED_OUT_NOTICE);
  return { user, isLoading, expireSession: () => setSessionExpired(true) };
}
