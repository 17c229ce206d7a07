import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '@/lib/browser-navigation';
import { PAYMENTS_NOT_CONFIGURED } from '@/features/subscribe/components/payment-card';
import { stripeFor } from '@/features/subscribe/components/stripe-loader';
import { STRIPE_JS_FAILED } from '@/features/subscribe/components/stripe-payment-form';
import { LOGIN_PATH } from '@/lib/server-pages';
import { STRIPE_JS_TIMEOUT_MS, SUBSCRIBE_LOGIN_REDIRECT_MS } from '@/lib/ui-timings';
import { deferredReply, fakeApi, signedOut, type FakeReply } from '@/test/fake-api';
import { freeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/browser-navigation', () => ({ navigateTo: vi.fn() }));

// Stripe.js cannot run in jsdom: the Stripe React layer is replaced at its module boundary by a stand-in
// whose confirm calls the test controls. The page's own code (which confirm, which return_url) runs as is.
const stripe = vi.hoisted(() => ({
  confirmSetup: vi.fn(),
  confirmPayment: vi.fn(),
  elementsOptions: [] as unknown[],
}));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripe.elementsOptions.push(options);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: () => <div data-testid="payment-element">Card number</div>,
  useStripe: () => ({ confirmSetup: stripe.confirmSetup, confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ kind: 'elements' }),
}));
vi.mock('@/features/subscribe/components/stripe-loader', () => ({ stripeFor: vi.fn(async () => ({})) }));

const signedIn: FakeReply = { status: 200, body: freeUser() };
const config: FakeReply = { status: 200, body: { stripePublishableKey: 'pk_test_from_server' } };

function renderSubscribe(routes: Record<string, FakeReply>) {
  const api = fakeApi({ 'GET /api/auth/user': signedIn, 'GET /api/config': config, ...routes });
  const view = renderApp('/subscribe');
  return { api, ...view };
}

describe('subscribe page', () => {
  beforeEach(() => {
    stripe.confirmSetup.mockReset();
    stripe.confirmPayment.mockReset();
    stripe.elementsOptions.length = 0;
    vi.mocked(stripeFor).mockClear();
  });
  afterEach(() => vi.mocked(navigateTo).mockReset());

  it('signed out: the Authentication Required toast, then the login page after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ 'GET /api/auth/user': signedOut });
    renderApp('/subscribe');
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to subscribe.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUBSCRIBE_LOGIN_REDIRECT_MS - 150);
    });
    expect(navigateTo).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(navigateTo).toHaveBeenCalledWith(`${LOGIN_PATH}?next=%2Fsubscribe`);
    expect(api.callsTo('POST', '/api/create-subscription')).toHaveLength(0);
  });

  it('premium is preselected and marked Most Popular; a spinner shows until the secret arrives', async () => {
    const create = deferredReply();
    const { api } = renderSubscribe({ 'POST /api/create-subscription': create.reply });
    expect(await screen.findByRole('heading', { name: 'Choose your intelligence level' })).toBeInTheDocument();
    expect(screen.getByText(/Start with a 14-day free trial/)).toBeInTheDocument();
    expect(screen.getByText('Secure payments')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Premium Intelligence' })).toBeChecked();
    expect(within(screen.getByTestId('plan-card-premium')).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('status', { name: 'Preparing secure payment form' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/create-subscription')[0]?.body).toEqual({ tier: 'premium' }));
    act(() => create.resolveJson(200, { clientSecret: 'seti_123_secret_abc', intentType: 'setup' }));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe to Premium' })).toBeEnabled();
    expect(stripe.elementsOptions[0]).toMatchObject({ clientSecret: 'seti_123_secret_abc' });
  });

  it('the Subscription Error toast when the subscription cannot be created', async () => {
    renderSubscribe({ 'POST /api/create-subscription': { status: 404, body: { message: 'Not Found' } } });
    expect(await screen.findByText('Subscription Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to create subscription. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('an error other than "already subscribed" keeps the spec\'s generic text, even when the server explains', async () => {
    renderSubscribe({
      'POST /api/create-subscription': { status: 503, body: { message: 'Payments are not available right now. Please try again later.' } },
    });
    expect(await screen.findByText('Subscription Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to create subscription. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("already subscribed (409): the server's message under 'Subscription Error', and the way to the dashboard instead of a retry", async () => {
    const message = 'You already have a subscription. Manage it from your dashboard.';
    renderSubscribe({ 'POST /api/create-subscription': { status: 409, body: { message } } });
    expect(await screen.findByText('Subscription Error')).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('Failed to create subscription. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a first subscription (SetupIntent): the 14-day trial promise stays', async () => {
    renderSubscribe({ 'POST /api/create-subscription': { status: 200, body: { clientSecret: 'seti_1_secret_x', intentType: 'setup' } } });
    await screen.findByTestId('payment-element');
    expect(
      screen.getByText('Start with a 14-day free trial. You will not be charged until it ends, and you can cancel anytime.'),
    ).toBeInTheDocument();
    expect(screen.getByText('14-day free trial')).toBeInTheDocument();
  });

  it('a returning subscriber whose trial is used (PaymentIntent): no promise of a free trial, says the card is charged now', async () => {
    const user = userEvent.setup();
    const { api } = renderSubscribe({
      'POST /api/create-subscription': { status: 200, body: { clientSecret: 'pi_1_secret_x', intentType: 'payment' } },
    });
    await screen.findByTestId('payment-element');
    const chargedNow =
      'You have already had your free trial, so your plan starts today and your card is charged now. You can cancel anytime.';
    expect(screen.getByText(chargedNow)).toBeInTheDocument();
    expect(screen.queryByText(/You will not be charged until it ends/)).not.toBeInTheDocument();
    expect(screen.queryByText('14-day free trial')).not.toBeInTheDocument();
    expect(screen.getByText('Cancel anytime')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose your intelligence level' })).toBeInTheDocument();
    // Another plan: the wording holds while that plan's secret loads (the trial is per visitor, not per plan).
    await user.click(screen.getByRole('radio', { name: 'Essential' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/create-subscription')).toHaveLength(2));
    expect(screen.getByText(chargedNow)).toBeInTheDocument();
    expect(screen.queryByText(/You will not be charged until it ends/)).not.toBeInTheDocument();
  });

  it("switching plans asks for that plan's secret, so the button charges the plan it names (decision 006)", async () => {
    const user = userEvent.setup();
    const secrets = ['seti_premium_secret_x', 'seti_basic_secret_y'];
    const { api } = renderSubscribe({
      'POST /api/create-subscription': async () =>
        new Response(JSON.stringify({ clientSecret: secrets.shift(), intentType: 'setup' }), { status: 200 }),
    });
    await screen.findByRole('button', { name: 'Subscribe to Premium' });
    expect(screen.getByText('Personalized audio')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Essential' }));
    expect(await screen.findByRole('button', { name: 'Subscribe to Essential' })).toBeInTheDocument();
    expect(screen.getByText('Daily email digest', { selector: 'h3' })).toBeInTheDocument();
    expect(screen.queryByText('Personalized audio')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-subscription').map((c) => c.body)).toEqual([{ tier: 'premium' }, { tier: 'basic' }]);
    await waitFor(() => expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'seti_basic_secret_y' }));
  });

  it('a trial confirms the SetupIntent with the dashboard as return address, then welcomes and opens the dashboard', async () => {
    const user = userEvent.setup();
    let finish!: (value: unknown) => void;
    stripe.confirmSetup.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { router } = renderSubscribe({
      'POST /api/create-subscription': { status: 200, body: { clientSecret: 'seti_1_secret_x', intentType: 'setup' } },
      'GET /api/digests': { status: 200, body: [] },
      'GET /api/feedback': { status: 200, body: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Premium' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(stripe.confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({ confirmParams: { return_url: `${window.location.origin}/dashboard` }, elements: { kind: 'elements' } }),
    );
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
    await act(async () => finish({ setupIntent: { status: 'succeeded' } }));
    expect(await screen.findByText('Welcome to DC Brief!')).toBeInTheDocument();
    expect(screen.getByText('Your subscription is now active. Your first digest will arrive tomorrow.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("money due now confirms the PaymentIntent, and a failure shows Stripe's message", async () => {
    const user = userEvent.setup();
    stripe.confirmPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    renderSubscribe({ 'POST /api/create-subscription': { status: 200, body: { clientSecret: 'pi_1_secret_x', intentType: 'payment' } } });
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Premium' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(stripe.confirmSetup).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe to Premium' })).toBeEnabled();
  });

  it('a server without payments says so plainly: no payment secret asked for, no error toast, nothing to retry', async () => {
    const { api } = renderSubscribe({ 'GET /api/config': { status: 200, body: { stripePublishableKey: null } } });
    expect(await screen.findByText(PAYMENTS_NOT_CONFIGURED)).toBeInTheDocument();
    expect(screen.queryByText(/Subscribe now|You will not be charged until/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-subscription')).toHaveLength(0);
    expect(screen.queryByText('Subscription Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try again|Retry/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-element')).not.toBeInTheDocument();
  });

  it('Stripe.js that does not load: the card says so with a Retry that loads it again, then the form', async () => {
    const user = userEvent.setup();
    vi.mocked(stripeFor).mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    renderSubscribe({ 'POST /api/create-subscription': { status: 200, body: { clientSecret: 'seti_1_secret_x', intentType: 'setup' } } });
    expect(await screen.findByText(STRIPE_JS_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe to Premium' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe to Premium' })).toBeEnabled();
    expect(vi.mocked(stripeFor)).toHaveBeenCalledTimes(2);
  });

  it('Stripe.js that never answers (a blocker swallowing it) is reported after STRIPE_JS_TIMEOUT_MS, with the same Retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.mocked(stripeFor).mockReturnValueOnce(new Promise(() => {}));
      renderSubscribe({ 'POST /api/create-subscription': { status: 200, body: { clientSecret: 'seti_1_secret_x', intentType: 'setup' } } });
      expect(await screen.findByRole('status', { name: 'Loading the secure card form' })).toBeInTheDocument();
      expect(screen.queryByText(STRIPE_JS_FAILED)).not.toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(STRIPE_JS_TIMEOUT_MS);
      });
      expect(await screen.findByText(STRIPE_JS_FAILED)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
