export const PRODUCT_NAME = 'DC Brief';

export const TRIAL_DAYS = 14;
export const SOURCE_COUNT_CLAIM = '250+';
export const LANGUAGE_COUNT_CLAIM = '35+';
export const HOURS_SAVED_CLAIM = '10+';

/** Timings from spec section 9. */
export const WAITLIST_DRAFT_DEBOUNCE_MS = 1000;
export const SUBSCRIBE_LOGIN_REDIRECT_MS = 1000;
export const DASHBOARD_LOGIN_REDIRECT_MS = 500;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'] as const;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** Browser addresses the web app navigates to (not fetched). */
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';

/** Magic sign-in links expire after this long; see docs/decisions/004-magic-link-sign-in.md. */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
