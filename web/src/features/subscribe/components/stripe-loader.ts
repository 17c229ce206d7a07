import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

// '/pure' injects Stripe.js only when loadStripe is first called (the default entry injects it on import),
// and this module is only reached from the subscribe screen's lazily loaded payment form.
const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * One Stripe instance per publishable key for the life of the page. A load that failed (offline, js.stripe.com
 * blocked) is forgotten, so the next call injects the script again: that is what the card's Retry does.
 * loadStripe itself forgets its own failed load and replaces the dead <script> element.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, promise);
  }
  return promise;
}
