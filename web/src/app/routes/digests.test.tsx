import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '@/lib/browser-navigation';
import { fakeApi, signedOut } from '@/test/fake-api';
import { basicActiveUser, makeDigests, makeDigestWithStories } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/browser-navigation', () => ({ navigateTo: vi.fn() }));

describe('digest reader', () => {
  afterEach(() => vi.mocked(navigateTo).mockReset());

  it('shows every story with its sentences attributed to numbered, linked sources', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests/d-stories': { status: 200, body: makeDigestWithStories() },
    });
    renderApp('/digests/d-stories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic operator adds 48 MW campus near Oslo' })).toBeInTheDocument();
    expect(screen.getByText(/2 stories from 4 sources · Standard depth/)).toBeInTheDocument();
    const story = screen.getByRole('article', { name: 'Nordic operator adds 48 MW campus near Oslo' });
    expect(within(story).getByText('Reported by 3 outlets')).toBeInTheDocument();
    expect(within(story).getByText('English, Norwegian')).toBeInTheDocument();
    expect(within(story).getByRole('link', { name: 'Source 1: DatacenterDynamics' })).toHaveAttribute('href', '#story-1-title-source-1');
    expect(within(story).getAllByRole('link', { name: 'Source 2: Computerworld Norge' })).toHaveLength(3);
    const outlet = within(story)
      .getAllByRole('link')
      .find((a) => a.getAttribute('href') === 'https://www.cw.no/oslo-48mw');
    expect(outlet).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(story).getByText(/Key figures:/).parentElement).toHaveTextContent('Key figures: Capacity: 48 MW · Capacity: 16 MW');
    expect(screen.getByRole('article', { name: /Singapore lifts pause/ })).toBeInTheDocument();
  });

  it("marks a must-know story outside the subscriber's topics, as the email does", async () => {
    const digest = makeDigestWithStories();
    digest.stories[1] = { ...digest.stories[1]!, outsideInterests: true };
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests/d-stories': { status: 200, body: digest },
    });
    renderApp('/digests/d-stories');
    const outside = await screen.findByRole('article', { name: /Singapore lifts pause/ });
    expect(within(outside).getByText('Outside your topics')).toBeInTheDocument();
    const mine = screen.getByRole('article', { name: 'Nordic operator adds 48 MW campus near Oslo' });
    expect(within(mine).queryByText('Outside your topics')).not.toBeInTheDocument();
  });

  it('a weekly summary shows its stories in sections named after their interests', async () => {
    const digest = makeDigestWithStories({
      id: 'd-weekly',
      kind: 'weekly',
      title: 'Weekly summary to Mon, Nov 23: Nordic operator adds 48 MW campus near Oslo',
    });
    const [oslo, singapore] = digest.stories;
    digest.stories = [oslo!, { ...oslo!, id: 's-3', title: 'Madrid campus opens with 60 MW' }, singapore!];
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests/d-weekly': { status: 200, body: digest },
    });
    renderApp('/digests/d-weekly');
    const infrastructure = await screen.findByRole('region', { name: 'Infrastructure' });
    expect(
      within(infrastructure)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Nordic operator adds 48 MW campus near Oslo', 'Madrid campus opens with 60 MW']);
    const regulations = screen.getByRole('region', { name: 'Regulations' });
    expect(within(regulations).getByRole('article', { name: /Singapore lifts pause/ })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Infrastructure', 'Regulations']),
    );
  });

  it('a weekly summary opens with the stories of what the subscriber follows, under "Following", each naming its topic', async () => {
    const digest = makeDigestWithStories({ id: 'd-weekly-follow', kind: 'weekly', title: 'Weekly summary to Mon, Nov 23: Singapore' });
    const [oslo, singapore] = digest.stories;
    const followed = [{ id: 'singapore', name: 'Singapore', kind: 'place' as const, country: 'SG' }];
    digest.stories = [{ ...singapore!, followed }, oslo!];
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests/d-weekly-follow': { status: 200, body: digest },
    });
    renderApp('/digests/d-weekly-follow');
    const following = await screen.findByRole('region', { name: 'Following' });
    const story = within(following).getByRole('article', { name: /Singapore lifts pause/ });
    expect(within(story).getByText('Regulations')).toBeInTheDocument();
    expect(within(story).getByText('Following: Singapore')).toBeInTheDocument();
    const infrastructure = screen.getByRole('region', { name: 'Infrastructure' });
    const other = within(infrastructure).getByRole('article', { name: /Nordic operator/ });
    expect(within(other).queryByText('Infrastructure')).not.toBeInTheDocument();
  });

  it('a quiet day says so instead of showing an empty digest', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests/d-quiet': {
        status: 200,
        body: makeDigestWithStories({ id: 'd-quiet', quiet: true, storyCount: 0, stories: [], title: 'A quiet day in data centers' }),
      },
    });
    renderApp('/digests/d-quiet');
    expect(await screen.findByText('A quiet day')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('rates the digest 1-5 from the page', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests/d-stories': { status: 200, body: makeDigestWithStories() },
      'POST /api/feedback': {
        status: 201,
        body: { id: 'f1', digestId: 'd-stories', rating: 4, comment: null, createdAt: '2026-11-21T07:00:00.000Z' },
      },
    });
    renderApp('/digests/d-stories');
    await user.click(await screen.findByRole('button', { name: '4 of 5' }));
    expect(await screen.findByText('Thank you: your rating tunes what we send you.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/feedback')?.body).toEqual({ digestId: 'd-stories', rating: 4 });
  });

  it('a digest already rated shows its stars when opened again (after a reload)', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests/d-stories': { status: 200, body: { ...makeDigestWithStories(), rating: 3 } },
    });
    renderApp('/digests/d-stories');
    expect(await screen.findByRole('button', { name: '3 of 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '4 of 5' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('You rated this brief 3 of 5. Tap a star to change it.')).toBeInTheDocument();
  });

  it("another user's or a missing digest: not found", async () => {
    fakeApi({ 'GET /api/auth/user': { status: 200, body: basicActiveUser() } });
    renderApp('/digests/nope');
    expect(await screen.findByRole('heading', { name: 'Digest not found' })).toBeInTheDocument();
  });

  it('signed out (Read it in your browser from an email): a sign-in form whose link comes back to this digest', async () => {
    const user = userEvent.setup();
    const { callsTo } = fakeApi({ 'GET /api/auth/user': signedOut, 'POST /api/login': { status: 200, body: { message: 'ok' } } });
    renderApp('/digests/d-stories');
    expect(await screen.findByRole('heading', { name: 'Sign in to read this digest' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in to read this digest · DC Brief');
    expect(screen.getByText('Already a subscriber? Sign in')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(callsTo('POST', '/api/login')[0]?.body).toMatchObject({ email: 'reader@example.com', next: '/digests/d-stories' });
    expect(callsTo('GET', '/api/digests/d-stories')).toHaveLength(0);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('signed out: a bad address is refused before anything is sent', async () => {
    const user = userEvent.setup();
    const { callsTo } = fakeApi({ 'GET /api/auth/user': signedOut });
    renderApp('/digests');
    expect(await screen.findByRole('heading', { name: 'Sign in to see your digests' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(callsTo('POST', '/api/login')).toHaveLength(0);
  });
});

describe('digest archive', () => {
  it('lists past digests newest first, each linking to its page, and searches after a pause', async () => {
    const user = userEvent.setup();
    const { callsTo } = fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests': async (url) =>
        new Response(JSON.stringify(url.searchParams.get('q') === 'oslo' ? [] : makeDigests(3)), { status: 200 }),
    });
    renderApp('/digests');
    const links = await screen.findAllByRole('link', { name: /Data-center brief for/ });
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', '/digests/d-0');
    await user.type(screen.getByLabelText('Search your digests'), 'oslo');
    await waitFor(() => expect(callsTo('GET', '/api/digests').length).toBeGreaterThan(1));
    expect(await screen.findByText('No digest mentions “oslo”.')).toBeInTheDocument();
  });

  it('a search result shows the sentence that matched, with the search words marked (as text, never HTML)', async () => {
    const user = userEvent.setup();
    const found = makeDigestWithStories();
    found.stories[1]!.summary.push({ text: 'A <b>bold</b> claim about grid power in Singapore.', language: 'en', sourceIds: [] });
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests': async (url) =>
        new Response(JSON.stringify(url.searchParams.get('q') ? [found] : makeDigests(2)), { status: 200 }),
    });
    renderApp('/digests');
    await screen.findAllByRole('link', { name: /Data-center brief for/ });
    await user.type(screen.getByLabelText('Search your digests'), 'GRID singapore');
    const match = await screen.findByTestId('search-match');
    expect(match).toHaveTextContent('A <b>bold</b> claim about grid power in Singapore.');
    expect(match.querySelector('b')).toBeNull();
    expect([...match.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['grid', 'Singapore']);
    expect(match).toHaveTextContent(/· Singapore lifts pause on new capacity with 300 MW allocation$/);
  });

  it('says when there are no digests yet', async () => {
    fakeApi({ 'GET /api/auth/user': { status: 200, body: basicActiveUser() }, 'GET /api/digests': { status: 200, body: [] } });
    renderApp('/digests');
    expect(await screen.findByText('No digests yet. Your first digest arrives tomorrow at 6:00 AM.')).toBeInTheDocument();
  });
});
