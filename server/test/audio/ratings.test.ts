import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { digestStatsSchema, episodeListSchema, episodeRatingsSchema, episodeSchema, feedbackListSchema } from '@dcbrief/shared';
import { Feedback, StoryFeedback } from '../../src/modules/feedback/feedback.entity.js';
import type { TestClient } from '../support/client.js';
import { startListeningServer, type ListeningServer } from './fixtures.js';
import type { TestServer } from '../support/harness.js';
import { signIn } from '../support/users.js';

const TUESDAY = '2026-11-24T06:05:00Z';

describe('ratings from the audio player: the episode 1-5 and a thumb per story, by its owner only', () => {
  let ts: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let basic: TestClient;
  let digestId: string;
  let storyIds: string[];
  let listening: ListeningServer;

  before(async () => {
    listening = await startListeningServer('rate.example', TUESDAY);
    ({ ts, owner, other, basic } = listening);
    const [episode] = episodeListSchema.parse(await (await owner.get('/api/audio/episodes')).json());
    digestId = episode!.digestId;
    storyIds = episode!.chapters.flatMap((c) => (c.storyId ? [c.storyId] : []));
    assert.ok(storyIds.length >= 2);
    assert.equal(episode!.rating, null);
    assert.deepEqual(episode!.storyVotes, {});
  });
  after(async () => {
    await listening?.close();
  });

  const rate = (client: TestClient, id: string, body: unknown) => client.request('PUT', `/api/audio/episodes/${id}/rating`, { json: body });
  const vote = (client: TestClient, id: string, storyId: string, body: unknown) =>
    client.request('PUT', `/api/audio/episodes/${id}/stories/${storyId}/vote`, { json: body });

  test('the episode rating is stored as feedback beside the email rating; rating again replaces it', async () => {
    const first = await rate(owner, digestId, { rating: 4 });
    assert.equal(first.status, 200);
    assert.deepEqual(episodeRatingsSchema.parse(await first.json()), { rating: 4, storyVotes: {} });
    assert.equal((await rate(owner, digestId, { rating: 2 })).status, 200);
    // The digest's own rating (email, web) is a separate answer: both are kept, each once.
    assert.equal((await owner.post('/api/feedback', { digestId, rating: 5 })).status, 201);
    const em = ts.orm.em.fork();
    assert.equal(await em.count(Feedback, { digest: digestId, medium: 'audio' }), 1);
    assert.equal(await em.count(Feedback, { digest: digestId, medium: 'text' }), 1);
    const feedback = feedbackListSchema.parse(await (await owner.get('/api/feedback')).json());
    assert.deepEqual(feedback.map((f) => [f.medium, f.rating]).sort(), [
      ['audio', 2],
      ['text', 5],
    ]);
  });

  test('thumbs per story: up, changed to down, taken back; only a story the episode reads', async () => {
    const [a, b] = storyIds as [string, string];
    assert.deepEqual(await (await vote(owner, digestId, a, { vote: 'up' })).json(), { rating: 2, storyVotes: { [a]: 'up' } });
    assert.deepEqual(await (await vote(owner, digestId, b, { vote: 'up' })).json(), { rating: 2, storyVotes: { [a]: 'up', [b]: 'up' } });
    assert.deepEqual(await (await vote(owner, digestId, b, { vote: 'down' })).json(), {
      rating: 2,
      storyVotes: { [a]: 'up', [b]: 'down' },
    });
    assert.equal(await ts.orm.em.fork().count(StoryFeedback, { digest: digestId }), 2, 'one row per story');
    const stats = digestStatsSchema.parse(await (await owner.get('/api/digests/stats')).json());
    assert.deepEqual(stats.storyVotes, { up: 1, down: 1, leaning: { more: [], less: [] } });

    const unknown = await vote(owner, digestId, 'not-a-story-of-it', { vote: 'up' });
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { message: 'Story not found in this episode' });
    for (const body of [{ vote: 'sideways' }, {}, { vote: 'up', extra: 1 }]) {
      const bad = await vote(owner, digestId, a, body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(typeof (await bad.json()).message, 'string');
    }
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: '4' }]) {
      assert.equal((await rate(owner, digestId, body)).status, 400, JSON.stringify(body));
    }
  });

  test('after a reload, on another device too, the player reads the ratings back', async () => {
    const elsewhere = await signIn(ts, 'owner@rate.example');
    const episode = episodeSchema.parse(await (await elsewhere.get(`/api/audio/episodes/${digestId}`)).json());
    const [a, b] = storyIds as [string, string];
    assert.equal(episode.rating, 2);
    assert.deepEqual(episode.storyVotes, { [a]: 'up', [b]: 'down' });
    const [listed] = episodeListSchema.parse(await (await elsewhere.get('/api/audio/episodes')).json());
    assert.deepEqual([listed!.rating, listed!.storyVotes], [2, { [a]: 'up', [b]: 'down' }]);
    // Taking a thumb back removes it.
    assert.deepEqual(await (await vote(elsewhere, digestId, b, { vote: null })).json(), { rating: 2, storyVotes: { [a]: 'up' } });
  });

  test('another subscriber cannot rate the episode (404, nothing written); basic 403; signed out 401', async () => {
    const before = await ts.orm.em.fork().count(StoryFeedback, {});
    const [a] = storyIds as [string];
    for (const res of [await rate(other, digestId, { rating: 1 }), await vote(other, digestId, a, { vote: 'down' })]) {
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), {
        message: res.url.endsWith('/rating') ? 'Episode not found' : 'Story not found in this episode',
      });
    }
    assert.equal((await rate(owner, 'not-a-uuid', { rating: 3 })).status, 404);
    const forbidden = await rate(basic, digestId, { rating: 3 });
    assert.equal(forbidden.status, 403);
    assert.deepEqual(await forbidden.json(), { message: 'The audio digest is part of Premium Intelligence.' });
    const signedOut = await fetch(`${ts.url}/api/audio/episodes/${digestId}/rating`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 3 }),
    });
    assert.equal(signedOut.status, 401);
    const em = ts.orm.em.fork();
    assert.equal(await em.count(StoryFeedback, {}), before);
    assert.equal(await em.count(Feedback, { user: { email: { $ne: 'owner@rate.example' } } }), 0);
    assert.deepEqual(digestStatsSchema.parse(await (await other.get('/api/digests/stats')).json()).storyVotes, {
      up: 0,
      down: 0,
      leaning: { more: [], less: [] },
    });
  });
});
