import type { LoginRedirectNotice } from './use-login-redirect';

/** docs/SPEC.md §8, word for word. */
export const SUBSCRIBE_SIGNED_OUT_NOTICE: LoginRedirectNotice = {
  title: 'Authentication Required',
  description: 'Please sign in to subscribe.',
};

export const LOGGED_OUT_NOTICE: LoginRedirectNotice = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
};
