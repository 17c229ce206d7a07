import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Episode, EpisodeRatings, User } from '@dcbrief/shared';
import { fakeApi, deferredReply, type FakeReply } from '@/test/fake-api';
import { makeDigestStats, makeDigests, makeFeedback, makeUser, premiumActiveUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { LISTEN_HINTS } from '../hooks/use-listen';

const DIGEST = '6f1c1c4e-9a56-4c55-9d2f-0b8f6f0c2a11';

function makeEpisode(overrides: Partial<Episode> = {}): Episode {
  const base = `/api/audio/episodes/${DIGEST}`;
  return {
    digestId: DIGEST,
    kind: 'daily',
    date: '2026-11-24',
    title: 'Daily brief, Tue, Nov 24, 2026',
    storyCount: 2,
    state: 'ready',
    durationSec: 95,
    bytes: 760_000,
    audioUrl: `${base}/audio.mp3`,
    downloadUrl: `${base}/audio.mp3?download=1`,
    transcriptUrl: `${base}/transcript.vtt`,
    chaptersUrl: `${base}/chapters.json`,
    chapters: [
      { title: 'Introduction', startSec: 0, endSec: 6 },
      { title: 'Equinix opens 60 MW MD7 campus in Madrid', storyId: 's-madrid', startSec: 6, endSec: 50 },
      { title: 'Outage at FRA5', storyId: 's-fra5', startSec: 50, endSec: 90 },
      { title: 'That was your brief', startSec: 90, endSec: 95 },
    ],
    positionSec: 0,
    rating: 3,
    storyVotes: { 's-madrid': 'up' },
    ...overrides,
  };
}

function renderAudio(user: User, routes: Record<string, FakeReply>, path = `/audio/${DIGEST}`) {
  const api = fakeApi({
    'GET /api/auth/user': { status: 200, body: user },
    'GET /api/audio/feed': { status: 200, body: { exists: false, url: null } },
    'GET /api/digests': { status: 200, body: makeDigests(1) },
    'GET /api/feedback': { status: 200, body: makeFeedback([]) },
    'GET /api/digests/stats': { status: 200, body: makeDigestStats() },
    ...routes,
  });
  return { api, ...renderApp(path) };
}

describe('the audio player: rating the episode and its stories', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the saved ratings, rates 1-5 and thumbs per story with 44 px named buttons; choosing again replaces', async () => {
    const saved: EpisodeRatings = { rating: 3, storyVotes: { 's-madrid': 'up' } };
    const { api } = renderAudio(premiumActiveUser(), {
      'GET /api/audio/episodes': { status: 200, body: [makeEpisode()] },
      [`PUT /api/audio/episodes/${DIGEST}/rating`]: async () => new Response(JSON.stringify(saved), { status: 200 }),
      [`PUT /api/audio/episodes/${DIGEST}/stories/s-madrid/vote`]: async () => new Response(JSON.stringify(saved), { status: 200 }),
      [`PUT /api/audio/episodes/${DIGEST}/stories/s-fra5/vote`]: async () => new Response(JSON.stringify(saved), { status: 200 }),
    });
    const user = userEvent.setup();
    // /audio/:id (the email's "Listen (N min)"): that episode first, with its Play.
    await user.click(await screen.findByRole('button', { name: 'Play (1:35)' }));
    const player = within(await screen.findByRole('region', { name: 'Audio player' }));

    // After a reload the player shows what was saved: 3 of 5.
    const stars = within(player.getByRole('group', { name: 'Rate this episode' }));
    expect(stars.getByRole('button', { name: 'Rate this episode 3 of 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(stars.getByRole('button', { name: 'Rate this episode 5 of 5' })).toHaveAttribute('aria-pressed', 'false');
    for (const button of stars.getAllByRole('button')) expect(button).toHaveClass('size-11');

    saved.rating = 5;
    await user.click(stars.getByRole('button', { name: 'Rate this episode 5 of 5' }));
    await waitFor(() => expect(stars.getByRole('button', { name: 'Rate this episode 5 of 5' })).toHaveAttribute('aria-pressed', 'true'));
    expect(api.callsTo('PUT', `/api/audio/episodes/${DIGEST}/rating`).map((c) => c.body)).toEqual([{ rating: 5 }]);
    expect(player.getByRole('status')).toHaveTextContent('Episode rated 5 of 5');

    // The transcript lists each story with its thumbs; Madrid's saved thumb up is pressed.
    await user.click(player.getByRole('button', { name: 'Transcript' }));
    const madridUp = player.getByRole('button', { name: 'Thumbs up: Equinix opens 60 MW MD7 campus in Madrid' });
    expect(madridUp).toHaveAttribute('aria-pressed', 'true');
    expect(madridUp).toHaveClass('size-11');
    saved.storyVotes = { 's-madrid': 'up', 's-fra5': 'down' };
    await user.click(player.getByRole('button', { name: 'Thumbs down: Outage at FRA5' }));
    await waitFor(() =>
      expect(player.getByRole('button', { name: 'Thumbs down: Outage at FRA5' })).toHaveAttribute('aria-pressed', 'true'),
    );
    // Pressing the chosen thumb again takes it back.
    saved.storyVotes = { 's-fra5': 'down' };
    await user.click(madridUp);
    await waitFor(() =>
      expect(player.getByRole('button', { name: 'Thumbs up: Equinix opens 60 MW MD7 campus in Madrid' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(api.callsTo('PUT', `/api/audio/episodes/${DIGEST}/stories/s-fra5/vote`).map((c) => c.body)).toEqual([{ vote: 'down' }]);
    expect(api.callsTo('PUT', `/api/audio/episodes/${DIGEST}/stories/s-madrid/vote`).map((c) => c.body)).toEqual([{ vote: null }]);
  });

  it('a rating the server refuses says so and keeps the previous one', async () => {
    renderAudio(premiumActiveUser(), {
      'GET /api/audio/episodes': { status: 200, body: [makeEpisode()] },
      [`PUT /api/audio/episodes/${DIGEST}/rating`]: { status: 404, body: { message: 'Episode not found' } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Play (1:35)' }));
    const stars = within(await screen.findByRole('group', { name: 'Rate this episode' }));
    await user.click(stars.getByRole('button', { name: 'Rate this episode 1 of 5' }));
    expect(await screen.findByText('Your rating was not saved')).toBeInTheDocument();
    expect(stars.getByRole('button', { name: 'Rate this episode 3 of 5' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Listen on the home page never does nothing', () => {
  it('while the episodes load it says so, visibly and again when clicked', async () => {
    const pending = deferredReply();
    renderAudio(premiumActiveUser(), { 'GET /api/audio/episodes': pending.reply }, '/');
    const user = userEvent.setup();
    const listen = await screen.findByRole('button', { name: 'Listen' });
    expect(listen).toHaveAccessibleDescription(LISTEN_HINTS.loading);
    await user.click(listen);
    // The toast repeats it beside the visible line under the button.
    await waitFor(() => expect(screen.getAllByText(LISTEN_HINTS.loading)).toHaveLength(2));
    pending.resolveJson(200, [makeEpisode({ state: 'preparing', chapters: [], durationSec: 0 })]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Listen' })).toHaveAccessibleDescription(LISTEN_HINTS.preparing));
  });

  it('no episode yet, or audio turned off: the reason is shown', async () => {
    const { unmount } = renderAudio(premiumActiveUser(), { 'GET /api/audio/episodes': { status: 200, body: [] } }, '/');
    await waitFor(async () => expect(await screen.findByRole('button', { name: 'Listen' })).toHaveAccessibleDescription(LISTEN_HINTS.none));
    unmount();
    const off = makeUser({
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      preferences: { ...premiumActiveUser().preferences, audio: { enabled: false, voiceStyle: 'professional', playbackSpeed: 1 } },
    });
    renderAudio(off, { 'GET /api/audio/episodes': { status: 200, body: [] } }, '/');
    expect(await screen.findByRole('button', { name: 'Listen' })).toHaveAccessibleDescription(LISTEN_HINTS.off);
  });
});
