import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Parser from 'rss-parser';
import { EPISODE_KIND_TITLES, audioFeedSchema, episodeDayLabel, episodeListSchema, episodeSchema } from '@dcbrief/shared';
import type { TestClient } from '../support/client.js';
import { startListeningServer, type ListeningServer } from './fixtures.js';
import { setSubscription } from '../support/fixtures.js';
import type { TestServer } from '../support/harness.js';
import { signIn } from '../support/users.js';

const TUESDAY = '2026-11-24T06:05:00Z';

describe('serving episodes and the private podcast feed', () => {
  let ts: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let basic: TestClient;
  let digestId: string;
  let listening: ListeningServer;

  before(async () => {
    listening = await startListeningServer('listen.example', TUESDAY);
    ({ ts, owner, other, basic } = listening);
    const list = episodeListSchema.parse(await (await owner.get('/api/audio/episodes')).json());
    digestId = list[0]!.digestId;
  });
  after(async () => {
    await listening?.close();
  });

  test('the owner lists and fetches the episode: whole, by byte ranges, as a download', async () => {
    const list = episodeListSchema.parse(await (await owner.get('/api/audio/episodes')).json());
    assert.equal(list.length, 1);
    const episode = episodeSchema.parse(await (await owner.get(`/api/audio/episodes/${digestId}`)).json());
    assert.equal(episode.state, 'ready');
    // The title says the day as the Audio Library does ("Daily brief, Tue, Nov 24, 2026"), not an ISO date.
    assert.equal(episode.title, `${EPISODE_KIND_TITLES[episode.kind]}, ${episodeDayLabel(episode.date)}`);
    assert.match(episode.title, /^(Daily brief|Weekly summary|Breaking alert), [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    assert.equal(episode.chapters[0]!.title, 'Introduction');
    assert.ok(episode.chapters.some((c) => c.storyId));
    assert.ok(episode.durationSec > 10);

    const whole = await owner.get(episode.audioUrl);
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('content-type'), 'audio/mpeg');
    assert.equal(whole.headers.get('accept-ranges'), 'bytes');
    assert.equal(whole.headers.get('content-length'), String(episode.bytes));
    assert.match(whole.headers.get('cache-control') ?? '', /^private, max-age=31536000, immutable$/);
    const bytes = Buffer.from(await whole.arrayBuffer());
    assert.equal(bytes.length, episode.bytes);
    assert.equal(bytes.toString('latin1', 0, 3), 'ID3');

    const part = await owner.get(episode.audioUrl, { range: 'bytes=100-1123' });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 100-1123/${episode.bytes}`);
    assert.equal(part.headers.get('content-length'), '1024');
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), bytes.subarray(100, 1124));
    const tail = await owner.get(episode.audioUrl, { range: 'bytes=-500' });
    assert.equal(tail.status, 206);
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), bytes.subarray(bytes.length - 500));
    const open = await owner.get(episode.audioUrl, { range: `bytes=${bytes.length - 10}-` });
    assert.equal(open.headers.get('content-range'), `bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`);
    const past = await owner.get(episode.audioUrl, { range: `bytes=${bytes.length}-` });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${bytes.length}`);
    assert.deepEqual(await past.json(), { message: 'Range not satisfiable' });

    const download = await owner.get(episode.downloadUrl);
    assert.match(download.headers.get('content-disposition') ?? '', /^attachment; filename="dc-brief-daily-2026-11-24\.mp3"$/);
    await download.arrayBuffer();
    const vtt = await owner.get(episode.transcriptUrl);
    assert.match(vtt.headers.get('content-type') ?? '', /^text\/vtt/);
    assert.match(await vtt.text(), /^WEBVTT\n/);
    const chapters = await (await owner.get(episode.chaptersUrl)).json();
    assert.equal(chapters.version, '1.2.0');
  });

  test('the listening position is saved by its owner only, and read back on any device', async () => {
    const put = await owner.request('PUT', `/api/audio/episodes/${digestId}/position`, { json: { positionSec: 12.5 } });
    assert.equal(put.status, 200);
    const elsewhere = await signIn(ts, 'owner@listen.example');
    assert.equal(episodeSchema.parse(await (await elsewhere.get(`/api/audio/episodes/${digestId}`)).json()).positionSec, 12.5);
    assert.equal((await other.request('PUT', `/api/audio/episodes/${digestId}/position`, { json: { positionSec: 1 } })).status, 404);
    const bad = await owner.request('PUT', `/api/audio/episodes/${digestId}/position`, { json: { positionSec: -1 } });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).message, /positionSec/);
  });

  test("another subscriber's episode is 404; basic subscribers get 403; signed out 401", async () => {
    for (const url of [
      `/api/audio/episodes/${digestId}`,
      `/api/audio/episodes/${digestId}/audio.mp3`,
      `/api/audio/episodes/${digestId}/transcript.vtt`,
    ]) {
      const res = await other.get(url);
      assert.equal(res.status, 404, url);
      assert.deepEqual(await res.json(), { message: 'Episode not found' });
    }
    const res = await basic.get('/api/audio/episodes');
    assert.equal(res.status, 403);
    assert.deepEqual(await res.json(), { message: 'The audio digest is part of Premium Intelligence.' });
    assert.equal((await basic.post('/api/audio/feed/rotate', {})).status, 403);
    assert.equal((await fetch(`${ts.url}/api/audio/episodes/${digestId}/audio.mp3`)).status, 401);
    assert.equal((await owner.get('/api/audio/episodes/not-a-uuid')).status, 404);
  });

  test('the private feed parses as a podcast, serves its files by token, and stops at rotation, revocation and the end of the plan', async () => {
    assert.deepEqual(audioFeedSchema.parse(await (await owner.get('/api/audio/feed')).json()), { exists: false, url: null });
    const url = audioFeedSchema.parse(await (await owner.post('/api/audio/feed/rotate', {})).json()).url!;
    assert.ok(url?.startsWith(`${ts.url}/api/audio/feed/`) && url.endsWith('/feed.xml'));
    assert.deepEqual(await (await owner.get('/api/audio/feed')).json(), { exists: true, url: null });

    const res = await fetch(url); // a podcast app: no cookie
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/rss\+xml/);
    const xml = await res.text();
    const parser = new Parser({
      customFields: {
        feed: ['itunes:block', 'podcast:locked'],
        item: [['podcast:chapters', 'chapters'], ['podcast:transcript', 'transcript'], 'itunes:duration'],
      },
    });
    const feed = await parser.parseString(xml);
    assert.equal(feed.title, 'DC Brief audio digest', 'signed in without a first name');
    assert.equal((feed as unknown as Record<string, string>)['itunes:block'], 'Yes');
    assert.equal(feed.items.length, 1);
    const item = feed.items[0]! as unknown as Parser.Item & Record<string, unknown>;
    assert.equal(item.guid, digestId);
    const episode = episodeSchema.parse(await (await owner.get(`/api/audio/episodes/${digestId}`)).json());
    assert.equal(item.title, `DC Brief ${EPISODE_KIND_TITLES[episode.kind].toLowerCase()}, ${episodeDayLabel(episode.date)}`);
    assert.equal(item.enclosure?.type, 'audio/mpeg');
    assert.equal(item.enclosure?.length, String(episode.bytes));
    assert.equal(item['itunes:duration'], String(Math.round(episode.durationSec)));
    assert.equal(feed.itunes?.block ?? 'Yes', 'Yes');
    const chaptersAttr = (item.chapters as { $: { url: string; type: string } }).$;
    assert.equal(chaptersAttr.type, 'application/json+chapters');
    assert.equal((item.transcript as { $: { type: string } }).$.type, 'text/vtt');

    // The enclosure and its companions by token, with ranges, no session.
    const audio = await fetch(item.enclosure!.url, { headers: { range: 'bytes=0-9' } });
    assert.equal(audio.status, 206);
    assert.equal(Buffer.from(await audio.arrayBuffer()).toString('latin1', 0, 3), 'ID3');
    assert.equal((await (await fetch(chaptersAttr.url)).json()).version, '1.2.0');
    // The token does not open another subscriber's episode.
    const theirs = episodeListSchema.parse(await (await other.get('/api/audio/episodes')).json())[0]!.digestId;
    assert.equal((await fetch(item.enclosure!.url.replace(digestId, theirs))).status, 404);

    // The plan ends: the feed says why and lists nothing; its files stop.
    await setSubscription(ts.orm, 'owner@listen.example', 'premium', 'canceled');
    const ended = await parser.parseString(await (await fetch(url)).text());
    assert.equal(ended.items.length, 0);
    assert.match(ended.description ?? '', /no new episodes: the Premium Intelligence plan of this account is not active/);
    assert.equal((await fetch(item.enclosure!.url)).status, 404);
    await setSubscription(ts.orm, 'owner@listen.example', 'premium', 'active');

    // Rotating: the old address is 404 at once; revoking: no address works.
    const rotated = audioFeedSchema.parse(await (await owner.post('/api/audio/feed/rotate', {})).json()).url!;
    assert.notEqual(rotated, url);
    assert.equal((await fetch(url)).status, 404);
    assert.equal((await fetch(item.enclosure!.url)).status, 404);
    assert.equal((await fetch(rotated)).status, 200);
    assert.deepEqual(await (await owner.request('DELETE', '/api/audio/feed')).json(), { exists: false, url: null });
    assert.equal((await fetch(rotated)).status, 404);
  });
});
