import type Stripe from 'stripe';
import { TIERS, type Tier } from '@dcbrief/shared';
import { serviceUnavailable } from '../../http/errors.js';
import type { Logger } from '../../lib/logger.js';

export const PRICE_LOOKUP_KEYS: Record<Tier, string> = {
  basic: 'dcbrief_basic_monthly',
  premium: 'dcbrief_premium_monthly',
};

/** The Stripe price of each tier: from config, else found once by lookup key and kept. */
export class PriceCatalog {
  private resolved: Record<Tier, string> | null = null;

  constructor(
    private readonly stripe: Stripe | null,
    private readonly configured: { basic: string | null; premium: string | null },
    private readonly logger: Logger,
  ) {}

  async prices(): Promise<Record<Tier, string>> {
    if (this.resolved) return this.resolved;
    const found: Partial<Record<Tier, string>> = {};
    for (const tier of TIERS) if (this.configured[tier]) found[tier] = this.configured[tier]!;
    const missing = TIERS.filter((t) => !found[t]);
    if (missing.length && this.stripe) {
      const list = await this.stripe.prices.list({ lookup_keys: missing.map((t) => PRICE_LOOKUP_KEYS[t]), active: true, limit: 10 });
      for (const price of list.data) {
        const tier = TIERS.find((t) => PRICE_LOOKUP_KEYS[t] === price.lookup_key);
        if (tier) found[tier] = price.id;
      }
    }
    const stillMissing = TIERS.filter((t) => !found[t]);
    if (stillMissing.length) {
      this.logger.error({ missing: stillMissing }, 'Stripe prices missing: set STRIPE_PRICE_BASIC/STRIPE_PRICE_PREMIUM or create prices with lookup keys dcbrief_basic_monthly/dcbrief_premium_monthly');
      throw serviceUnavailable('Payments are not available right now. Please try again later.');
    }
    this.resolved = found as Record<Tier, string>;
    return this.resolved;
  }
}
