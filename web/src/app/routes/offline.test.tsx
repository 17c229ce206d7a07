import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '@/lib/browser-navigation';
import { OFFLINE_COPY_HEADER, PERSONAL_CACHES } from '@/lib/offline-cache';
import { fakeApi } from '@/test/fake-api';
import { fakeCaches } from '@/test/fake-caches';
import { basicActiveUser, makeDigests, makeDigestWithStories } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/browser-navigation', () => ({ navigateTo: vi.fn() }));

/** An answer as the service worker gives it: from the network, or its stored copy stamped with when it was stored. */
const answer = (body: unknown, storedAt?: string) => async () =>
  new Response(JSON.stringify(body), { status: 200, headers: storedAt ? { [OFFLINE_COPY_HEADER]: storedAt } : {} });

describe('offline copies on screen (docs/decisions/610)', () => {
  afterEach(() => vi.mocked(navigateTo).mockReset());

  it('a brief read from the stored copy says so, with the time it was stored', async () => {
    const storedAt = new Date(2026, 10, 24, 6, 2).toISOString();
    fakeApi({
      'GET /api/auth/user': answer(basicActiveUser(), storedAt),
      'GET /api/digests/d-stories': answer(makeDigestWithStories(), storedAt),
    });
    renderApp('/digests/d-stories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic operator adds 48 MW campus near Oslo' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Offline, updated Tue, Nov 24, 6:02 AM');
  });

  it('a brief from the network has no banner', async () => {
    fakeApi({
      'GET /api/auth/user': answer(basicActiveUser()),
      'GET /api/digests/d-stories': answer(makeDigestWithStories()),
    });
    renderApp('/digests/d-stories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic operator adds 48 MW campus near Oslo' })).toBeInTheDocument();
    expect(screen.queryByText(/Offline, updated/)).not.toBeInTheDocument();
  });

  it('offline, a digest this device never stored says so rather than "not found"', async () => {
    fakeApi({
      'GET /api/auth/user': answer(basicActiveUser(), new Date(2026, 10, 24, 6, 2).toISOString()),
      'GET /api/digests/d-old': async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/digests/d-old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available offline' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Offline, updated Tue, Nov 24, 6:02 AM');
    await waitFor(() => expect(document.title).toMatch(/^Not available offline/));
  });

  it('the archive from the stored list is marked too', async () => {
    const storedAt = new Date(2026, 10, 23, 21, 40).toISOString();
    fakeApi({
      'GET /api/auth/user': answer(basicActiveUser()),
      'GET /api/digests': answer(makeDigests(3), storedAt),
    });
    renderApp('/digests');
    expect(await screen.findByText('Offline, updated Mon, Nov 23, 9:40 PM')).toBeInTheDocument();
  });

  it("Sign Out deletes every cache of the subscriber's data, then goes to the server's sign-out", async () => {
    const storage = fakeCaches();
    for (const name of [...PERSONAL_CACHES, 'workbox-precache-v2-http://localhost/'])
      await (await caches.open(name)).put('/api/digests', new Response('[]'));
    fakeApi({ 'GET /api/auth/user': answer(basicActiveUser()), 'GET /api/digests': answer([]), 'GET /api/feedback': answer([]) });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign Out' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/api/logout'));
    expect(Object.keys(storage.entries())).toEqual(['workbox-precache-v2-http://localhost/']);
  });

  it('without Cache Storage (an insecure page), Sign Out still signs out', async () => {
    fakeApi({ 'GET /api/auth/user': answer(basicActiveUser()), 'GET /api/digests': answer([]), 'GET /api/feedback': answer([]) });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign Out' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/api/logout'));
  });
});
