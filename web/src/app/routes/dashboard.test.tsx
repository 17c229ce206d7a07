import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@dcbrief/shared';
import { navigateTo } from '@/lib/browser-navigation';
import { LOGIN_PATH } from '@/lib/server-pages';
import { DASHBOARD_LOGIN_REDIRECT_MS } from '@/lib/ui-timings';
import { deferredReply, fakeApi, signedOut, type FakeReply } from '@/test/fake-api';
import {
  basicActiveUser,
  freeUser,
  makeDigestStats,
  makeDigests,
  makeFeedback,
  makeUser,
  premiumActiveUser,
  premiumPastDueUser,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/browser-navigation', () => ({ navigateTo: vi.fn() }));

function renderDashboard(user: User, routes: Record<string, FakeReply> = {}, path = '/dashboard') {
  const api = fakeApi({
    'GET /api/auth/user': { status: 200, body: user },
    'GET /api/digests': { status: 200, body: makeDigests(4) },
    'GET /api/feedback': { status: 200, body: makeFeedback([5, 4]) },
    'GET /api/digests/stats': { status: 200, body: makeDigestStats({ digests: 4, outlets: 11, minutesSaved: 725 }) },
    'GET /api/calendar': { status: 200, body: { exists: false, url: null } },
    ...routes,
  });
  return { api, ...renderApp(path) };
}

describe('dashboard', () => {
  afterEach(() => vi.mocked(navigateTo).mockReset());

  it('signed out: the Unauthorized toast, then the login page after 0.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ 'GET /api/auth/user': signedOut });
    renderApp('/dashboard');
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_LOGIN_REDIRECT_MS - 150);
    });
    expect(navigateTo).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(navigateTo).toHaveBeenCalledWith(`${LOGIN_PATH}?next=%2Fdashboard`);
    expect(screen.queryByRole('heading', { name: 'Email Preferences' })).not.toBeInTheDocument();
  });

  it("starts from the user's saved preferences", async () => {
    const user = makeUser({
      preferences: {
        ...freeUser().preferences,
        breakingNews: true,
        deliveryTime: '08:00',
        contentDepth: 'detailed',
        notes: 'Nordics',
        interests: { ...freeUser().preferences.interests, regulations: true, security: false },
      },
    });
    renderDashboard(user);
    expect(await screen.findByRole('switch', { name: 'Breaking News Alerts' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Daily Digest' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '8:00 AM' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Detailed' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Regulations' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Security' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Additional Notes' })).toHaveValue('Nordics');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent(/Lisbon · Europe/);
  });

  it("free user: FREE grey badge, upgrade card, no audio settings; the server's stats and the mean rating", async () => {
    renderDashboard(freeUser());
    await screen.findByRole('heading', { name: 'Email Preferences' });
    const badges = screen.getAllByText('FREE');
    expect(badges[0]).toHaveAttribute('data-active', 'false');
    expect(screen.getByRole('link', { name: /See plans/ })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('heading', { name: 'Audio Intelligence Settings' })).not.toBeInTheDocument();
    const stats = within(screen.getByRole('heading', { name: 'Your Intelligence Stats' }).closest('section')!);
    expect(await stats.findByText('12h')).toBeInTheDocument();
    expect(stats.getByText('Sources').nextSibling).toHaveTextContent(/^11$/);
    expect(stats.getByText('Digests received').nextSibling).toHaveTextContent(/^4$/);
    expect(stats.getByText('4.5')).toBeInTheDocument();
    expect(screen.getByText('ana@dc-ops.example')).toBeInTheDocument();
    expect(screen.getByText('March 14, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audio Library' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Recent Digests' })).toHaveAttribute('href', '/digests');
    expect(screen.getByRole('link', { name: 'Provide Feedback' })).toHaveAttribute('href', '/digests/d-0#rating');
    expect(badges[0]!.className).toMatch(/slate/);
    expect(badges[0]!.className).not.toMatch(/green|emerald/);
  });

  it('Notification Settings brings the email preferences into view and focuses Daily Digest', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderDashboard(freeUser(), { 'GET /api/digests': { status: 200, body: [] } });
    await screen.findByRole('heading', { name: 'Email Preferences' });
    expect(screen.getByRole('button', { name: 'Provide Feedback' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notification Settings' }));
    expect(scrolled).toHaveBeenCalled();
    expect(screen.getByRole('switch', { name: /Daily Digest/ })).toHaveFocus();
  });

  it('basic and active: green BASIC badge and no upgrade card', async () => {
    renderDashboard(basicActiveUser());
    await screen.findByRole('heading', { name: 'Email Preferences' });
    expect(screen.getAllByText('BASIC')[0]).toHaveAttribute('data-active', 'true');
    expect(screen.getAllByText('BASIC')[0]!.className).toMatch(/green|emerald/);
    expect(screen.queryByRole('link', { name: /See plans/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audio Intelligence Settings' })).not.toBeInTheDocument();
  });

  it('saves every control plus the time zone, then refreshes the user and says so', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const { api } = renderDashboard(basicActiveUser(), { 'POST /api/user/preferences': { status: 200, body: basicActiveUser() } });
    await user.click(await screen.findByRole('switch', { name: 'Weekly Summary' }));
    await user.click(screen.getByRole('radio', { name: '12:00 PM' }));
    await user.click(screen.getByRole('radio', { name: 'Brief' }));
    await user.click(screen.getByRole('switch', { name: 'Regulations' }));
    await user.type(screen.getByRole('textbox', { name: 'Additional Notes' }), 'Track Nordic builds');
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByRole('combobox', { name: 'Search time zones' }));
    await user.paste('singapore');
    await user.click(await screen.findByRole('option', { name: /Singapore · Asia/ }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Preferences Updated')).toBeInTheDocument();
    expect(screen.getByText('Your email preferences have been saved.')).toBeInTheDocument();
    const sent = api.callsTo('POST', '/api/user/preferences')[0]?.body;
    expect(sent).toEqual({
      dailyDigest: true,
      weeklySummary: false,
      breakingNews: false,
      deliveryTime: '12:00',
      contentDepth: 'brief',
      interests: { infrastructure: true, technology: true, marketTrends: true, security: true, operations: true, regulations: true },
      notes: 'Track Nordic builds',
      timezone: 'Asia/Singapore',
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/user')).toHaveLength(2));
  });

  it('premium and active: audio settings shown, live and saved', async () => {
    const user = userEvent.setup();
    const { api } = renderDashboard(premiumActiveUser(), { 'POST /api/user/preferences': { status: 200, body: premiumActiveUser() } });
    expect(await screen.findByRole('heading', { name: 'Audio Intelligence Settings' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Generate audio digest' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Professional' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1.0x' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Audio Library' })).toHaveAttribute('href', '/audio');
    await user.click(screen.getByRole('radio', { name: 'News Style' }));
    await user.click(screen.getByRole('radio', { name: '1.25x' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await screen.findByText('Preferences Updated');
    expect(api.callsTo('POST', '/api/user/preferences')[0]?.body).toMatchObject({
      audio: { enabled: true, voiceStyle: 'news', playbackSpeed: 1.25 },
    });
  });

  it('a 401 on save shows the logged-out toast and goes to the login page after 0.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderDashboard(freeUser(), { 'POST /api/user/preferences': { status: 401, body: { message: 'Unauthorized' } } });
    await user.click(await screen.findByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(navigateTo).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_LOGIN_REDIRECT_MS + 50);
    });
    expect(navigateTo).toHaveBeenCalledWith(`${LOGIN_PATH}?next=%2Fdashboard`);
  });

  it('any other failure shows the Error toast and stays', async () => {
    const user = userEvent.setup();
    renderDashboard(freeUser(), { 'POST /api/user/preferences': { status: 500, body: { message: 'db down' } } });
    await user.click(await screen.findByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Failed to update preferences. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("a subscriber opens Stripe's customer portal from Manage billing; a free user has no such button", async () => {
    const user = userEvent.setup();
    const portalUrl = 'https://billing.stripe.com/p/session/test_abc';
    const { api } = renderDashboard(basicActiveUser(), { 'POST /api/billing/portal': { status: 200, body: { url: portalUrl } } });
    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(portalUrl));
    expect(api.callsTo('POST', '/api/billing/portal')).toHaveLength(1);
  });

  it('Sign out of all devices ends every session and leaves for the landing page', async () => {
    const user = userEvent.setup();
    const { api } = renderDashboard(freeUser(), {
      'POST /api/logout/everywhere': { status: 200, body: { message: 'Signed out of all 2 devices.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/'));
    expect(api.callsTo('POST', '/api/logout/everywhere')).toHaveLength(1);
  });

  it('Sign out of all devices: a failure is a toast, and the page stays', async () => {
    const user = userEvent.setup();
    renderDashboard(freeUser(), { 'POST /api/logout/everywhere': { status: 500, body: { message: 'Something went wrong' } } });
    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    expect(await screen.findByText('Could not sign out of all devices. Please try again.')).toBeInTheDocument();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('Delete account asks first, naming what goes; Keep my account does nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderDashboard(premiumActiveUser());
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    for (const item of [/Every digest in your archive, and your ratings/, /private podcast feed/, /signed out on all devices/])
      expect(within(dialog).getByText(item)).toBeInTheDocument();
    expect(within(dialog).getByText('Your subscription is cancelled at once')).toBeInTheDocument();
    expect(within(dialog).getByText(/one-way fingerprint of your address/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/account/delete')).toHaveLength(0);
  });

  it('Delete my account: the request says so explicitly, then the landing page with its notice', async () => {
    const user = userEvent.setup();
    const { api } = renderDashboard(freeUser(), {
      'POST /api/account/delete': { status: 200, body: { message: 'Your account is deleted.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText('You have no paid subscription: nothing is charged, now or later.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/?account-deleted=1'));
    expect(api.callsTo('POST', '/api/account/delete')[0]?.body).toEqual({ confirm: true });
  });

  it("Delete my account: a refusal shows the server's reason in the dialog, and the page stays", async () => {
    const user = userEvent.setup();
    const reason = 'We could not reach our payment provider. Please try again in a moment.';
    renderDashboard(premiumActiveUser(), { 'POST /api/account/delete': { status: 503, body: { message: reason } } });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('no Manage billing button without a plan', async () => {
    renderDashboard(freeUser());
    await screen.findByRole('heading', { name: 'Account Information' });
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('greets a subscriber whom Stripe sent back after a redirect, then tidies the address', async () => {
    const { router, api } = renderDashboard(
      freeUser(),
      { 'POST /api/billing/refresh': { status: 200, body: premiumActiveUser() } },
      '/dashboard?setup_intent=seti_1&redirect_status=succeeded',
    );
    expect(await screen.findByText('Welcome to DC Brief!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The server re-reads the subscription from Stripe: the page shows it without waiting for the webhook.
    expect(api.callsTo('POST', '/api/billing/refresh')).toHaveLength(1);
    expect((await screen.findAllByText('PREMIUM')).length).toBeGreaterThan(0);
  });

  it('Stripe sent the subscriber back with a failed payment: the Payment Failed toast, no refresh, a tidy address', async () => {
    const { router, api } = renderDashboard(freeUser(), {}, '/dashboard?payment_intent=pi_1&redirect_status=failed');
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your payment could not be completed. Please try another payment method.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.callsTo('POST', '/api/billing/refresh')).toHaveLength(0);
  });

  it('shows a spinner while the user loads, then the dashboard', async () => {
    const user = deferredReply();
    fakeApi({
      'GET /api/auth/user': user.reply,
      'GET /api/digests': { status: 200, body: [] },
      'GET /api/feedback': { status: 200, body: [] },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading your dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Email Preferences' })).not.toBeInTheDocument();
    user.resolveJson(200, basicActiveUser());
    expect(await screen.findByRole('heading', { name: 'Email Preferences' })).toBeInTheDocument();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('waits for the follow cards before showing the page, so the account column does not jump on a phone', async () => {
    const alerts = deferredReply();
    const suggestions = deferredReply();
    renderDashboard(basicActiveUser(), {
      'GET /api/follow-alerts': alerts.reply,
      'GET /api/follows/suggestions': suggestions.reply,
    });
    expect(await screen.findByRole('status', { name: 'Loading your dashboard' })).toBeInTheDocument();
    alerts.resolveJson(200, { email: true, webhookUrl: null, webhookSecretSet: false });
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Email Preferences' })).not.toBeInTheDocument();
    // A failed answer opens the page too, once: the card that refetches on mounting does not hide it again.
    suggestions.resolveJson(500, { message: 'Internal Server Error' });
    expect(await screen.findByRole('heading', { name: 'Email Preferences' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Follow alerts' })).toBeInTheDocument();
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Email Preferences' })).toBeInTheDocument();
  });

  it('premium but past due: grey PREMIUM badge, the upgrade card, no audio settings', async () => {
    renderDashboard(premiumPastDueUser());
    await screen.findByRole('heading', { name: 'Email Preferences' });
    expect(screen.getAllByText('PREMIUM')[0]).toHaveAttribute('data-active', 'false');
    expect(screen.getByRole('link', { name: /See plans/ })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('heading', { name: 'Audio Intelligence Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audio Library' })).not.toBeInTheDocument();
  });

  it('Calendar of followed events: the private address is made, shown with Copy, and copied', async () => {
    const address = 'https://dcbrief.example/api/calendar/abcdefghijklmnopqrstuvwxyz012345.ics';
    const { api } = renderDashboard(basicActiveUser(), {
      'POST /api/calendar/rotate': { status: 200, body: { exists: true, url: address } },
    });
    const user = userEvent.setup();
    const card = within(await screen.findByRole('region', { name: 'Calendar of followed events' }));
    expect(card.getByText('You have no calendar address yet.')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Create calendar' }));
    expect(await card.findByRole('textbox', { name: 'Private calendar address' })).toHaveValue(address);
    expect(api.callsTo('POST', '/api/calendar/rotate')).toHaveLength(1);
    await user.click(card.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(address);
    expect(await screen.findByText('Calendar address copied')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'New address' })).toBeInTheDocument();
  });
});
