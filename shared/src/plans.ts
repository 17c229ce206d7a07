export const TIERS = ['basic', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

export interface Plan {
  tier: Tier;
  name: string;
  priceUsd: number;
  interval: 'month';
  mostPopular: boolean;
  /** Feature list on the subscribe screen (docs/SPEC.md §2). */
  features: readonly string[];
  /** Feature list on the landing page's pricing section (docs/SPEC.md §9). */
  landingFeatures: readonly string[];
  sources: string;
}

export const PLANS: Record<Tier, Plan> = {
  basic: {
    tier: 'basic',
    name: 'Essential',
    priceUsd: 29,
    interval: 'month',
    mostPopular: false,
    sources: '50+',
    features: [
      'Daily email digest',
      'Weekly comprehensive summary',
      '50+ global sources',
      'Basic personalization',
      'Email feedback system',
      'Mobile-optimized format',
    ],
    landingFeatures: [
      'Daily email digest',
      'Weekly summary',
      '50+ global sources',
      'Basic personalization',
      'Email feedback',
      'Mobile-optimized format',
    ],
  },
  premium: {
    tier: 'premium',
    name: 'Premium Intelligence',
    priceUsd: 79,
    interval: 'month',
    mostPopular: true,
    sources: '250+',
    features: [
      'Everything in Essential',
      'Personalized audio digest',
      '250+ global sources',
      '35+ language coverage',
      'Advanced AI personalization',
      'Priority content delivery',
      'Audio feedback and ratings',
      'Offline audio downloads',
    ],
    landingFeatures: [
      'Everything in Essential',
      'Personalized audio digest',
      '250+ global sources',
      '35+ languages',
      'Advanced AI personalization',
      'Priority delivery',
      'Audio feedback and ratings',
      'Offline audio downloads',
      'Custom delivery timing',
    ],
  },
};

export const PLAN_LIST: readonly Plan[] = [PLANS.basic, PLANS.premium];

/** Premium features (audio, Listen, Audio Library) need tier premium and status active. */
export function hasPremiumAccess(user: { subscriptionTier: Tier | null; subscriptionStatus: string } | null | undefined): boolean {
  return !!user && user.subscriptionTier === 'premium' && user.subscriptionStatus === 'active';
}

/**
 * The plan a first sign-in tries, with no card (docs/decisions/008): status 'trialing' until the trial ends,
 * then 'trial_ended' (delivery stops, nothing is charged). Neither is 'active', so the upgrade offer shows.
 */
export const TRIAL_TIER: Tier = 'basic';
export const TRIALING_STATUS = 'trialing';
export const TRIAL_ENDED_STATUS = 'trial_ended';

export function isTrialing(user: { subscriptionStatus: string } | null | undefined): boolean {
  return !!user && user.subscriptionStatus === TRIALING_STATUS;
}

/** Whole days left of a trial ending at `endsAt`, counted up (a trial ending in 2.5 days has 3 left); 0 once over. */
export function trialDaysLeft(endsAt: string | Date | null | undefined, now: Date = new Date()): number {
  if (!endsAt) return 0;
  const ms = new Date(endsAt).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 86_400_000) : 0;
}

export function isActive(user: { subscriptionStatus: string } | null | undefined): boolean {
  return !!user && user.subscriptionStatus === 'active';
}

/** Badge text: the tier in upper case, 'FREE' when there is none. */
export function tierLabel(tier: Tier | null | undefined): string {
  return tier ? tier.toUpperCase() : 'FREE';
}
