export const PRODUCT_NAME = 'DC Brief';

export const TRIAL_DAYS = 14;

/** The reminder that a card-free trial is ending goes out this many days before its end (docs/decisions/008). */
export const TRIAL_REMINDER_DAYS = 3;

/** Magic sign-in links expire after this long; see docs/decisions/004-magic-link-sign-in.md. */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * The one-time sign-in code the email carries beside the link (docs/decisions/020): digits, shown in two groups
 * of four, valid as long as the link, and dead after this many wrong tries (the link keeps working).
 */
export const SIGN_IN_CODE_LENGTH = 8;
export const SIGN_IN_CODE_MAX_TRIES = 5;
