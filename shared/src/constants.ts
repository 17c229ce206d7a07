export const PRODUCT_NAME = 'DC Brief';

export const TRIAL_DAYS = 14;

/** The reminder that a card-free trial is ending goes out this many days before its end (docs/decisions/008). */
export const TRIAL_REMINDER_DAYS = 3;

/** Magic sign-in links expire after this long; see docs/decisions/004-magic-link-sign-in.md. */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
