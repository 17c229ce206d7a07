import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

// '/pure' injects Stripe.js only when loadStripe is first called (the default entry injects it on import),
// and this module is only reached from the subscribe screen's lazily loaded payment form.
const loaded = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per publishable key for the life of the page. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}
