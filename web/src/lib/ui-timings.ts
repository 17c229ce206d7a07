/** The web app's timings (docs/SPEC.md §9). The server knows none of them, so they live here, not in shared/. */

/** The waitlist draft is saved this long after the last edit. */
export const WAITLIST_DRAFT_DEBOUNCE_MS = 1000;

/** A signed-out visitor sees why before being sent to sign in. */
export const SUBSCRIBE_LOGIN_REDIRECT_MS = 1000;
export const DASHBOARD_LOGIN_REDIRECT_MS = 500;

export const TOAST_DURATION_MS = 5000;
/** A dismissed toast leaves the store this long after it closes. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Unused query results are discarded after 5 minutes. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/**
 * Stripe.js that has neither loaded nor failed by then (a blocker that swallows the request, a stalled network)
 * is shown as not loaded, with a Retry; it is still used if it arrives later.
 */
export const STRIPE_JS_TIMEOUT_MS = 20_000;
