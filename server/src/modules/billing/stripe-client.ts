import Stripe from 'stripe';

/** STRIPE_* settings; any of them may be missing, and billing then answers 503 (payments unavailable). */
export interface StripeConfig {
  secretKey: string | null;
  publishableKey: string | null;
  webhookSecret: string | null;
  apiBase: string | null;
  /** Price ids per tier; when absent the price is found by its lookup key (dcbrief_basic_monthly, dcbrief_premium_monthly). */
  prices: { basic: string | null; premium: string | null };
}

/** The `stripe` SDK for our secret key, pointed at STRIPE_API_BASE when set (stripe-mock, a test stand-in). */
export function createStripeClient(config: StripeConfig): Stripe | null {
  if (!config.secretKey) return null;
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (config.apiBase) {
    const url = new URL(config.apiBase);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(config.secretKey, options);
}
