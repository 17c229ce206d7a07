export const PRODUCT_NAME = 'DC Brief';

export const TRIAL_DAYS = 14;

/** Magic sign-in links expire after this long; see docs/decisions/004-magic-link-sign-in.md. */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
