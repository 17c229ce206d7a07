import Stripe from 'stripe';
import type { AppConfig } from '../../config.js';

/** The `stripe` SDK for our secret key, pointed at STRIPE_API_BASE when set (stripe-mock, a test stand-in). */
export function createStripeClient(config: AppConfig['stripe']): Stripe | null {
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
