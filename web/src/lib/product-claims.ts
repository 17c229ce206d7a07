/** Marketing figures of spec section 1, as the landing page states them. */
export const SOURCE_COUNT_CLAIM = '250+';
export const LANGUAGE_COUNT_CLAIM = '35+';
export const HOURS_SAVED_CLAIM = '10+';
