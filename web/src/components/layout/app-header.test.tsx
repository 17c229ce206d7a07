import { screen } from '@testing-library/react';
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
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
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
