import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@dcbrief/shared';
import { deferredReply, fakeApi, signedOut } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

describe('landing page', () => {
  it('shows while authentication is still loading', () => {
    const pending = deferredReply();
    fakeApi({ 'GET /api/auth/user': pending.reply });
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: /Data-center intelligence/ })).toBeInTheDocument();
  });

  it('has the sections the top bar anchors point to, six feature cards, the two plans and footer links to #', async () => {
    const api = fakeApi({ 'GET /api/auth/user': signedOut });
    renderApp('/');
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/user')).toHaveLength(1));
    for (const [anchor, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['Demo', 'demo'],
    ] as const) {
      const links = screen.getAllByRole('link', { name: anchor });
      expect(links[0]).toHaveAttribute('href', `#${id}`);
      expect(document.getElementById(id)).toBeInTheDocument();
    }
    expect(within(document.getElementById('features')!).getAllByRole('listitem')).toHaveLength(6);
    const pricing = within(document.getElementById('pricing')!);
    expect(pricing.getByRole('heading', { name: PLANS.basic.name })).toBeInTheDocument();
    expect(pricing.getByText('$29')).toBeInTheDocument();
    expect(pricing.getByText('$79')).toBeInTheDocument();
    expect(pricing.getByText('Most Popular')).toBeInTheDocument();
    expect(pricing.getByText('Custom delivery timing')).toBeInTheDocument();
    expect(
      within(document.getElementById('demo')!).getByText('Nordic operator adds 48 MW campus near Oslo · DC Brief, Nov 24'),
    ).toBeInTheDocument();
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    for (const label of ['About', 'Blog', 'Contact', 'Help Center', 'Privacy Policy', 'Terms of Service']) {
      expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', '#');
    }
    // Reading the user is all the landing page asks of the server: no digests or feedback for visitors.
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/user']);
  });

  it.each(['Sign In', 'Start Free Trial'])('"%s" opens the waitlist dialog instead of signing anyone in', async (name) => {
    fakeApi({ 'GET /api/auth/user': signedOut });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getAllByRole('button', { name })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Work email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(within(dialog).getByLabelText('First name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Last name')).toBeInTheDocument();
  });
});

describe('not-found screen', () => {
  it('answers any other path with the 404 text', () => {
    fakeApi({ 'GET /api/auth/user': signedOut });
    renderApp('/pricing/enterprise');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('after deleting the account the landing page says so once, and drops the marker from the address', async () => {
    fakeApi({ 'GET /api/auth/user': signedOut });
    const { router } = renderApp('/?account-deleted=1');
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(
      screen.getByText(/Your account and its data are deleted, and you are signed out everywhere\. Nothing more will be charged\./),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
