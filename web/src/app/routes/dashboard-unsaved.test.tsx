import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { basicActiveUser, makeDigests } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/browser-navigation', () => ({ navigateTo: vi.fn() }));

function renderDashboard() {
  const api = fakeApi({
    'GET /api/auth/user': { status: 200, body: basicActiveUser() },
    'GET /api/digests': { status: 200, body: makeDigests(2) },
    'GET /api/feedback': { status: 200, body: [] },
    'POST /api/user/preferences': { status: 200, body: basicActiveUser() },
  });
  return { api, ...renderApp('/dashboard') };
}

const beforeUnloadCancelled = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('leaving the dashboard with unsaved changes', () => {
  it('asks first; Stay keeps the edits, Leave without saving goes', async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard();
    await user.click(await screen.findByRole('switch', { name: 'Regulations' }));
    expect(beforeUnloadCancelled()).toBe(true);

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Digests' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    await user.click(ask.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('switch', { name: 'Regulations' })).toBeChecked();

    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes without asking once the changes are saved, or when nothing changed', async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard();
    expect(await screen.findByRole('switch', { name: 'Regulations' })).not.toBeChecked();
    expect(beforeUnloadCancelled()).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'Regulations' }));
    await user.click(screen.getByRole('switch', { name: 'Regulations' }));
    expect(beforeUnloadCancelled()).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Regulations' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Preferences Updated')).toBeInTheDocument();
    expect(beforeUnloadCancelled()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });
});
