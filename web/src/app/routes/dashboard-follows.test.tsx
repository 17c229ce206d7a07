import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FollowSuggestion } from '@dcbrief/shared';
import { fakeApi } from '@/test/fake-api';
import { basicActiveUser, makeDigests } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/browser-navigation', () => ({ navigateTo: vi.fn() }));

const equinix: FollowSuggestion = { id: 'equinix', name: 'Equinix', kind: 'company', country: 'US', matched: 'equinix' };
const frankfurt: FollowSuggestion = { id: 'frankfurt', name: 'Frankfurt', kind: 'place', country: 'DE', matched: 'Frankfurt' };

describe('follows suggested by the Additional Notes', () => {
  it('lists the entities the notes name, each with a Follow button; following one asks the server and nothing else', async () => {
    const user = userEvent.setup();
    let suggestions = [equinix, frankfurt];
    const api = fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests': { status: 200, body: makeDigests(1) },
      'GET /api/feedback': { status: 200, body: [] },
      'GET /api/follows/suggestions': async () => new Response(JSON.stringify(suggestions), { status: 200 }),
      'PUT /api/follows/equinix': async () => {
        suggestions = [frankfurt];
        return new Response(JSON.stringify({ ...equinix, followedAt: new Date().toISOString() }), { status: 201 });
      },
    });
    renderApp('/dashboard');
    const card = within(await screen.findByRole('region', { name: 'Suggested follows' }));
    expect(card.getByText('Equinix')).toBeInTheDocument();
    expect(card.getByText('Frankfurt')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(card.getByRole('button', { name: 'Follow Equinix' }));
    await waitFor(() => expect(card.queryByText('Equinix')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/follows/equinix')).toHaveLength(1);
    expect(api.callsTo('PUT', '/api/follows/frankfurt')).toHaveLength(0);
  });

  it('shows nothing when the notes name no entity', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/follows/suggestions': { status: 200, body: [] },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard & Preferences' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Suggested follows' })).not.toBeInTheDocument();
  });
});

describe('follow alerts on the dashboard', () => {
  it('saves a webhook, shows its signing secret once, and rotates it', async () => {
    const user = userEvent.setup();
    let settings = { email: false, webhookUrl: null as string | null, webhookSecretSet: false };
    const api = fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/follow-alerts': async () => new Response(JSON.stringify(settings), { status: 200 }),
      'PUT /api/follow-alerts': async () => {
        settings = { email: false, webhookUrl: 'https://hooks.example.com/x', webhookSecretSet: true };
        return new Response(JSON.stringify({ ...settings, webhookSecret: 'whsec_first' }), { status: 200 });
      },
      'POST /api/follow-alerts/secret': async () =>
        new Response(JSON.stringify({ ...settings, webhookSecret: 'whsec_second' }), { status: 200 }),
    });
    renderApp('/dashboard');
    const card = within(await screen.findByRole('region', { name: 'Follow alerts' }));
    await user.type(card.getByLabelText('Webhook address'), 'https://hooks.example.com/x');
    await user.click(card.getByRole('button', { name: 'Save webhook' }));
    expect(await card.findByText('whsec_first')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/follow-alerts')[0]!.body).toEqual({ webhookUrl: 'https://hooks.example.com/x' });
    await user.click(card.getByRole('button', { name: 'Rotate signing secret' }));
    expect(await card.findByText('whsec_second')).toBeInTheDocument();
    expect(card.queryByText('whsec_first')).not.toBeInTheDocument();
  });
});
