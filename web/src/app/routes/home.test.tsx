import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@dcbrief/shared';
import { deferredReply, fakeApi, type FakeReply } from '@/test/fake-api';
import {
  basicActiveUser,
  freeUser,
  makeDigests,
  makeDigestStats,
  makeFeedback,
  premiumActiveUser,
  premiumPastDueUser,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

function renderHome(
  user: User,
  {
    digests = { status: 200, body: [] },
    feedback = { status: 200, body: [] },
    stats = { status: 200, body: makeDigestStats() },
  }: { digests?: FakeReply; feedback?: FakeReply; stats?: FakeReply } = {},
) {
  const api = fakeApi({
    'GET /api/auth/user': { status: 200, body: user },
    'GET /api/digests': digests,
    'GET /api/feedback': feedback,
    'GET /api/digests/stats': stats,
  });
  renderApp('/');
  return api;
}

const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('section')!);

describe('home page', () => {
  it('welcomes a free user: empty brief, FREE and the upgrade panel, no audio actions, zero stats', async () => {
    renderHome(freeUser());
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana' })).toBeInTheDocument();
    expect(await screen.findByText('Your first digest arrives tomorrow at 6:00 AM.')).toBeInTheDocument();
    const status = card('Subscription Status');
    expect(status.getByText('FREE')).toBeInTheDocument();
    expect(status.getByText('Inactive')).toBeInTheDocument();
    expect(status.getByRole('link', { name: /View plans/ })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Listen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audio Library' })).not.toBeInTheDocument();
    const stats = card('Stats');
    expect(stats.getByText('Digests').nextSibling).toHaveTextContent('0');
    expect(stats.getByText('Time saved').nextSibling).toHaveTextContent('0h');
    expect(screen.getAllByRole('link', { name: /Dashboard|Manage Preferences/ })[0]).toHaveAttribute('href', '/dashboard');
    expect(await card('Recent Activity').findByText(/No activity yet/)).toBeInTheDocument();
    expect(card('Recent Activity').queryByLabelText(/Rating/)).not.toBeInTheDocument();
  });

  it('shows a skeleton while digests load, then the latest digest', async () => {
    const digests = deferredReply();
    renderHome(basicActiveUser(), { digests: digests.reply });
    expect(await screen.findByTestId('brief-skeleton')).toBeInTheDocument();
    digests.resolveJson(200, makeDigests(3));
    expect(await screen.findByRole('heading', { name: 'Data-center brief for 2026-11-21' })).toBeInTheDocument();
    expect(screen.queryByTestId('brief-skeleton')).not.toBeInTheDocument();
  });

  it("shows the server's figures (digests, distinct outlets, reading time saved) and the newest feedback", async () => {
    const api = renderHome(basicActiveUser(), {
      digests: { status: 200, body: makeDigests(3) },
      feedback: { status: 200, body: makeFeedback([4, 2]) },
      stats: { status: 200, body: makeDigestStats({ digests: 3, outlets: 4, minutesSaved: 117 }) },
    });
    await screen.findByRole('heading', { name: 'Stats' });
    const stats = card('Stats');
    expect(await stats.findByText('1.9h')).toBeInTheDocument();
    expect(stats.getByText('Sources').nextSibling).toHaveTextContent(/^4$/);
    expect(stats.getByText('Digests').nextSibling).toHaveTextContent(/^3$/);
    expect(stats.queryByText('381')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/digests/stats')).toHaveLength(1);
    expect(await card('Recent Activity').findByLabelText('Rating 4 of 5')).toBeInTheDocument();
    const rated = card('Recent Activity').getByRole('link', { name: 'Data-center brief for 2026-11-20' });
    expect(rated).toHaveAttribute('href', '/digests/d-0');
    expect(rated.parentElement).toHaveTextContent('You rated Data-center brief for 2026-11-20');
  });

  it('stats that fail to load count as zero', async () => {
    renderHome(basicActiveUser(), { digests: { status: 200, body: makeDigests(3) }, stats: { status: 500, body: { message: 'down' } } });
    await screen.findByRole('heading', { name: 'Stats' });
    const stats = card('Stats');
    await waitFor(() => expect(stats.getByText('Time saved').nextSibling).toHaveTextContent('0h'));
    expect(stats.getByText('Sources').nextSibling).toHaveTextContent(/^0$/);
  });

  it('basic and active: BASIC, Active, no upgrade panel and no audio actions', async () => {
    renderHome(basicActiveUser());
    const status = within((await screen.findByRole('heading', { name: 'Subscription Status' })).closest('section')!);
    expect(status.getByText('BASIC')).toBeInTheDocument();
    expect(status.getByText('Active')).toBeInTheDocument();
    expect(status.queryByText('Upgrade your intelligence')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Listen' })).not.toBeInTheDocument();
  });

  it('premium and active: Listen and Audio Library', async () => {
    renderHome(premiumActiveUser());
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audio Library' })).toHaveAttribute('href', '/audio');
    expect(card('Subscription Status').getByText('PREMIUM')).toBeInTheDocument();
  });

  it('premium but past due: no audio actions and the upgrade panel', async () => {
    renderHome(premiumPastDueUser());
    const status = within((await screen.findByRole('heading', { name: 'Subscription Status' })).closest('section')!);
    expect(status.getByText('Past due')).toBeInTheDocument();
    expect(status.getByText('Upgrade your intelligence')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Listen' })).not.toBeInTheDocument();
  });

  it('keeps working when the digest list fails to load', async () => {
    renderHome(freeUser(), { digests: { status: 500, body: { message: 'down' } } });
    expect(await screen.findByText('Your first digest arrives tomorrow at 6:00 AM.')).toBeInTheDocument();
  });
});
