import type Stripe from 'stripe';
import { TIERS, type Tier } from '@dcbrief/shared';
import { isStripeMissing, noStripeKey, paymentsNotConfigured } from './billing.errors.js';

export const PRICE_LOOKUP_KEYS: Record<Tier, string> = {
  basic: 'dcbrief_basic_monthly',
  premium: 'dcbrief_premium_monthly',
};

const PRICE_ENV: Record<Tier, string> = { basic: 'STRIPE_PRICE_BASIC', premium: 'STRIPE_PRICE_PREMIUM' };

/**
 * The Stripe price of each tier: from config (checked once: it must exist and be active in this Stripe account),
 * else found once by lookup key; kept once resolved. A missing or unusable price is a 503, its reason told to the
 * operator (once: see NotConfigured).
 */
export class PriceCatalog {
  private resolved: Record<Tier, string> | null = null;

  constructor(
    private readonly stripe: Stripe | null,
    private readonly configured: { basic: string | null; premium: string | null },
  ) {}

  async prices(): Promise<Record<Tier, string>> {
    if (this.resolved) return this.resolved;
    if (!this.stripe) throw noStripeKey();
    const found: Partial<Record<Tier, string>> = {};
    for (const tier of TIERS) {
      const id = this.configured[tier];
      if (!id) continue;
      const price = await this.stripe.prices.retrieve(id).catch((err: unknown) => {
        if (isStripeMissing(err)) return null;
        throw err;
      });
      if (!price || !price.active) {
        const problem = price ? 'that price is archived' : 'no such price in this Stripe account (test and live prices differ)';
        throw paymentsNotConfigured('Stripe prices', `${PRICE_ENV[tier]}=${id}: ${problem}`);
      }
      found[tier] = id;
    }
    const missing = TIERS.filter((t) => !found[t]);
    if (missing.length) {
      const list = await this.stripe.prices.list({ lookup_keys: missing.map((t) => PRICE_LOOKUP_KEYS[t]), active: true, limit: 10 });
      for (const price of list.data) {
        const tier = TIERS.find((t) => PRICE_LOOKUP_KEYS[t] === price.lookup_key);
        if (tier) found[tier] = price.id;
      }
    }
    const stillMissing = TIERS.filter((t) => !found[t]);
    if (stillMissing.length) {
      throw paymentsNotConfigured(
        'Stripe prices',
        `no price for ${stillMissing.join(' and ')}: set STRIPE_PRICE_BASIC/STRIPE_PRICE_PREMIUM or create prices with lookup keys dcbrief_basic_monthly/dcbrief_premium_monthly`,
      );
    }
    this.resolved = found as Record<Tier, string>;
    return this.resolved;
  }

  /** Forgets the resolved prices after Stripe refused one (archived since), so the next request checks again. */
  forget(): void {
    this.resolved = null;
  }
}
