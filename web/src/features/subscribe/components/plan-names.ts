import type { Tier } from '@dcbrief/shared';

/** The short names the submit button uses: 'Subscribe to Premium' / 'Subscribe to Essential' (spec section 2). */
export const SHORT_PLAN_NAMES: Record<Tier, string> = { basic: 'Essential', premium: 'Premium' };
