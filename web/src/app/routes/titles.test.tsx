import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, signedOut } from '@/test/fake-api';
import { basicActiveUser, makeDigestWithStories } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/browser-navigation', () => ({ navigateTo: vi.fn() }));

describe('every page has its own title', () => {
  it.each([
    ['/', 'Home · DC Brief'],
    ['/dashboard', 'Dashboard & Preferences · DC Brief'],
    ['/subscribe', 'Choose your plan · DC Brief'],
    ['/digests', 'Digests · DC Brief'],
    ['/digests/d-stories', 'Nordic operator adds 48 MW campus near Oslo · DC Brief'],
    ['/digests/missing', 'Digest not found · DC Brief'],
    ['/no-such-page', '404 Page Not Found · DC Brief'],
  ])('signed in, %s is titled "%s"', async (path, title) => {
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests': { status: 200, body: [] },
      'GET /api/digests/d-stories': { status: 200, body: makeDigestWithStories() },
    });
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title), { timeout: 5000 });
  });

  it('signed out, the landing page has the product line', async () => {
    fakeApi({ 'GET /api/auth/user': signedOut });
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('DC Brief · Daily data-center intelligence'));
  });
});
