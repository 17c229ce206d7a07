import type { Tier } from '@dcbrief/shared';

/** Premium is preselected (docs/SPEC.md §2). */
export const DEFAULT_SELECTED_TIER: Tier = 'premium';

/** The short names the submit button uses: 'Subscribe to Premium' / 'Subscribe to Essential' (docs/SPEC.md §2). */
export const SHORT_PLAN_NAMES: Record<Tier, string> = { basic: 'Essential', premium: 'Premium' };
