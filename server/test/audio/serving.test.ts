import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Parser from 'rss-parser';
import { EPISODE_KIND_TITLES, audioFeedSchema, episodeDayLabel, episodeListSchema, episodeSchema } from '@dcbrief/shared';
import type { TestClient } from '../support/client.js';
import { fileHeadersOf, startListeningServer, type ListeningServer } from './fixtures.js';
import { setSubscription } from '../support/fixtures.js';
import type { TestServer } from '../support/harness.js';
import { rawHead } from '../support/raw-head.js';
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

  test("HEAD answers the GET's status and headers, without a body: session URLs, the download, the feed's enclosure", async (t) => {
    const episode = episodeSchema.parse(await (await owner.get(`/api/audio/episodes/${digestId}`)).json());
    const feedUrl = audioFeedSchema.parse(await (await owner.post('/api/audio/feed/rotate', {})).json()).url!;
    // The feed test below starts from a subscriber without a feed, whatever happens here.
    t.after(() => owner.request('DELETE', '/api/audio/feed'));
    const enclosure = /<enclosure url="([^"]+)"/.exec(await (await fetch(feedUrl)).text())![1]!.replaceAll('&amp;', '&');
    const session = { cookie: owner.cookieHeader() };
    const files = [
      { url: `${ts.url}${episode.audioUrl}`, headers: session, type: 'audio/mpeg', bytes: episode.bytes },
      { url: `${ts.url}${episode.downloadUrl}`, headers: session, type: 'audio/mpeg', bytes: episode.bytes },
      { url: enclosure, headers: {}, type: 'audio/mpeg', bytes: episode.bytes },
      { url: `${ts.url}${episode.transcriptUrl}`, headers: session, type: 'text/vtt; charset=utf-8', bytes: null },
    ];
    for (const file of files) {
      const get = await fetch(file.url, { headers: file.headers });
      assert.equal(get.status, 200, file.url);
      const body = Buffer.from(await get.arrayBuffer());
      const head = await rawHead(file.url, file.headers);
      assert.equal(head.status, 200, `HEAD ${file.url}`);
      assert.deepEqual(fileHeadersOf(head.headers), fileHeadersOf(get.headers), `HEAD ${file.url}: the GET's headers`);
      assert.equal(head.headers['content-type'], file.type);
      assert.equal(head.headers['content-length'], String(file.bytes ?? body.length));
      assert.equal(head.headers['accept-ranges'], 'bytes');
      assert.match(head.headers.etag ?? '', /^"[0-9a-f-]{36}-(mp3|vtt)-\d+"$/);
      assert.ok(head.headers['last-modified'], 'Last-Modified: when the episode was made');
      assert.equal(head.afterHeaders.length, 0, `HEAD ${file.url} sends no body`);
    }
    assert.match((await rawHead(`${ts.url}${episode.downloadUrl}`, session)).headers['content-disposition'] ?? '', /^attachment; /);

    // Ranges are defined for GET only (RFC 9110, 14.2): a HEAD with one, even past the end, describes the whole file.
    for (const range of ['bytes=0-1', 'bytes=-500', `bytes=${episode.bytes}-`]) {
      const head = await rawHead(enclosure, { range });
      assert.equal(head.status, 200, range);
      assert.equal(head.headers['content-length'], String(episode.bytes), range);
      assert.equal(head.headers['content-range'], undefined, range);
      assert.equal(head.afterHeaders.length, 0, range);
    }
    // A podcast app's revalidation: the ETag it holds gives 304, with the validator and no body.
    const etag = (await rawHead(enclosure)).headers.etag!;
    const revalidated = await rawHead(enclosure, { 'if-none-match': etag });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.etag, etag);
    assert.equal(revalidated.afterHeaders.length, 0);

    // The feed itself: HEAD gives its type and the length of what GET sends.
    const feedGet = await fetch(feedUrl);
    const feedHead = await rawHead(feedUrl);
    assert.equal(feedHead.status, 200);
    assert.match(feedHead.headers['content-type'] ?? '', /^application\/rss\+xml/);
    assert.equal(feedHead.headers['content-length'], String(Buffer.byteLength(await feedGet.text())));

    // HEAD opens nothing GET does not: another subscriber, signed out, a revoked feed.
    assert.equal((await rawHead(`${ts.url}${episode.audioUrl}`, { cookie: other.cookieHeader() })).status, 404);
    assert.equal((await rawHead(`${ts.url}${episode.audioUrl}`)).status, 401);
    await owner.request('DELETE', '/api/audio/feed');
    assert.equal((await rawHead(enclosure)).status, 404);
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
