import { PLANS } from '@dcbrief/shared';

/** Marketing figures of docs/SPEC.md §1, written once for every screen that states them. */
export const SOURCE_COUNT_CLAIM = PLANS.premium.sources;
export const LANGUAGE_COUNT_CLAIM = '35+';
export const HOURS_SAVED_CLAIM = '10+';
