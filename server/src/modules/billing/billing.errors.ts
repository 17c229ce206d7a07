import type Stripe from 'stripe';
import { HttpError, NotConfigured } from '../../http/errors.js';

const UNAVAILABLE = 'Payments are not available right now. Please try again later.';

/** Payments missing a setting: the caller reads that payments are unavailable, the operator what to set. */
export const paymentsNotConfigured = (integration: string, remedy: string) => new NotConfigured(integration, remedy, UNAVAILABLE);
export const noStripeKey = () => paymentsNotConfigured('Stripe payments', 'set STRIPE_SECRET_KEY');

type StripeSdkError = Stripe.errors.StripeError;

/**
 * An error thrown by the `stripe` SDK: an API answer or a failed connection. Recognised by the SDK's own `type`
 * (Stripe's documented way to tell its errors apart), so it holds whichever copy of the package threw it.
 */
export function isStripeError(err: unknown): err is StripeSdkError {
  const type = (err as { type?: unknown } | null)?.type;
  return err instanceof Error && typeof type === 'string' && /^Stripe\w*Error$/.test(type);
}

/** Stripe's 404 for an object that does not exist (any more): a deleted subscription, a mistyped price id. */
export function isStripeMissing(err: unknown): boolean {
  return isStripeError(err) && err.type === 'StripeInvalidRequestError' && (err.statusCode === 404 || err.code === 'resource_missing');
}

/** A request Stripe refused because of our price: missing, archived, or of the other mode (test/live). */
export function isStripePriceError(err: unknown): boolean {
  return (
    isStripeError(err) && err.type === 'StripeInvalidRequestError' && (/price/i.test(err.param ?? '') || /\bprice\b/i.test(err.message))
  );
}

/**
 * What the browser is told when Stripe fails. Never Stripe's own status: its 401 for our key would read as
 * "your session ended", its 400 as "your request was wrong". Our configuration or Stripe being away is 503 (try
 * later), anything else Stripe refused is 502; the detail goes to the log (the error handler logs the original).
 */
export function stripeErrorToHttp(err: StripeSdkError): HttpError {
  switch (err.type) {
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new HttpError(503, UNAVAILABLE);
    case 'StripeConnectionError':
      return new HttpError(503, 'We could not reach our payment provider. Please try again in a moment.');
    case 'StripeRateLimitError':
      return new HttpError(503, 'Our payment provider is busy. Please try again in a moment.', { 'Retry-After': '10' });
    case 'StripeCardError':
      // Stripe writes card messages for the cardholder ("Your card was declined.").
      return new HttpError(402, err.message || 'Your card was declined.');
    default:
      if (isStripePriceError(err)) return new HttpError(503, UNAVAILABLE);
      return new HttpError(502, 'Our payment provider could not complete this request. Please try again.');
  }
}

/**
 * For the error handler (app.ts): Stripe's errors carry Stripe's status (401 for our key, 400 for our price),
 * never the browser's to see; the handler logs the original when the answer is a 5xx.
 */
export function httpErrorForStripe(err: unknown): HttpError | undefined {
  return isStripeError(err) ? stripeErrorToHttp(err) : undefined;
}
