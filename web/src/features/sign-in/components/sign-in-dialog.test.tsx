import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedOut } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

describe('a way back in from the landing page', () => {
  it('the waitlist dialog offers "Already a subscriber? Sign in", which emails a sign-in link', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/auth/user': signedOut,
      'POST /api/login': { status: 200, body: { message: 'Check your email for a sign-in link.' } },
    });
    renderApp('/');
    await user.click(screen.getAllByRole('button', { name: 'Start Free Trial' })[0]!);
    const waitlist = within(await screen.findByRole('dialog', { name: 'Join the DC Brief waitlist' }, { timeout: 5000 }));
    expect(waitlist.getByText(/Already a subscriber\?/)).toBeInTheDocument();
    await user.click(waitlist.getByRole('button', { name: 'Sign in' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Sign in to DC Brief' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Join the DC Brief waitlist' })).not.toBeInTheDocument());
    await user.type(dialog.getByLabelText('Email address'), 'returning@example.com');
    await user.click(dialog.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await dialog.findByText('Check your email')).toBeInTheDocument();
    expect(dialog.getByText('returning@example.com')).toBeInTheDocument();
    const sent = api.callsTo('POST', '/api/login');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ email: 'returning@example.com' });
    expect(sent[0]!.body).not.toHaveProperty('next');
  });

  it("shows the server's refusal (too many requests) and lets the visitor try again", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/auth/user': signedOut,
      'POST /api/login': { status: 429, body: { message: 'Too many requests. Please wait a few minutes and try again.' } },
    });
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(within(await screen.findByRole('dialog', {}, { timeout: 5000 })).getByRole('button', { name: 'Sign in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign in to DC Brief' }, { timeout: 5000 }));
    await user.type(dialog.getByLabelText('Email address'), 'busy@example.com');
    await user.click(dialog.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(dialog.getByRole('button', { name: 'Email me a sign-in link' })).toBeEnabled();
  });

  it('after Sign Out the landing page says so once, and drops the marker from the address', async () => {
    fakeApi({ 'GET /api/auth/user': signedOut });
    const { router } = renderApp('/?signed-out=1');
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('You have signed out of DC Brief on this device.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(document.title).toBe('DC Brief · Daily data-center intelligence');
  });
});
