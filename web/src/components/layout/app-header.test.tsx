import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, signedOut } from '@/test/fake-api';
import { freeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/browser-navigation', () => ({ navigateTo: vi.fn() }));

describe('the signed-in top bar', () => {
  it('offers the screens and Sign Out to a signed-in subscriber', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 200, body: freeUser() },
      'GET /api/digests': { status: 200, body: [] },
      'GET /api/feedback': { status: 200, body: [] },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
    expect(screen.getByRole('link', { name: 'Digests' })).toHaveAttribute('href', '/digests');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('the archive is in the navigation at every width', async () => {
    fakeApi({ 'GET /api/auth/user': { status: 200, body: freeUser() }, 'GET /api/digests': { status: 200, body: [] } });
    renderApp('/digests');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Digests' })).toHaveAttribute('href', '/digests');
    expect(nav.getByRole('link', { name: 'Digests' })).toHaveAttribute('aria-current', 'page');
  });

  it('the phone menu lists Home, Dashboard, Digests, Entities, Plans and Sign Out, and works from the keyboard', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/auth/user': { status: 200, body: freeUser() }, 'GET /api/digests': { status: 200, body: [] } });
    const { router } = renderApp('/digests');
    const trigger = await screen.findByRole('button', { name: 'Menu' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Home',
      'Dashboard',
      'Digests',
      'Entities',
      'Plans',
      'Sign Out',
    ]);
    expect(menu.getByRole('menuitem', { name: 'Digests' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
    expect(menu.getByRole('menuitem', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Escape closes the phone menu and gives focus back to its button', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/auth/user': { status: 200, body: freeUser() }, 'GET /api/digests': { status: 200, body: [] } });
    renderApp('/digests');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('shows a visitor on /subscribe only the logo while they are sent to sign in', async () => {
    fakeApi({ 'GET /api/auth/user': signedOut });
    renderApp('/subscribe');
    await screen.findByText('Authentication Required');
    expect(screen.getByRole('link', { name: 'DC Brief home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
