import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { text } from 'node:stream/consumers';
import { episodeListSchema, episodeSchema } from '@dcbrief/shared';
import { createAudioStore } from '../../src/audio/audio.config.js';
import { AudioEpisode } from '../../src/audio/audio.entity.js';
import { S3AudioStore } from '../../src/audio/storage.js';
import { FliteSynthesizer } from '../../src/audio/tts/flite.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import type { TestClient } from '../support/client.js';
import { setSubscription } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { startS3StandIn, type S3StandIn } from '../support/s3.js';
import { rawHead } from '../support/raw-head.js';
import { signIn } from '../support/users.js';
import { deliveryDeps } from '../delivery/fixtures.js';
import { fileHeadersOf, prepareEpisodes } from './fixtures.js';

async function* pieces(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

describe('the S3-compatible audio store (AWS SDK against s3rver on loopback)', () => {
  let s3: S3StandIn;
  let store: S3AudioStore;
  before(async () => {
    s3 = await startS3StandIn();
    store = new S3AudioStore(s3.options);
  });
  after(async () => {
    store?.close();
    await s3?.close();
  });

  test('put, streamed put, get, size, byte ranges and delete', async () => {
    await store.put('episodes/a.vtt', Buffer.from('WEBVTT\n\n'), 'text/vtt');
    assert.equal((await store.get('episodes/a.vtt'))?.toString(), 'WEBVTT\n\n');
    assert.equal(await store.size('episodes/a.vtt'), 8);

    const body = 'ID3' + 'x'.repeat(5000) + 'end';
    await store.putStream(
      'episodes/b.mp3',
      pieces(body.slice(0, 1000), body.slice(1000, 4000), body.slice(4000)),
      body.length,
      'audio/mpeg',
    );
    assert.equal(await store.size('episodes/b.mp3'), body.length);
    assert.equal(await text(await store.read('episodes/b.mp3')), body);
    assert.equal(await text(await store.read('episodes/b.mp3', { start: 0, end: 2 })), 'ID3');
    assert.equal(await text(await store.read('episodes/b.mp3', { start: body.length - 3, end: body.length - 1 })), 'end');

    // A streamed upload shorter than announced is refused: no short object under the key.
    await assert.rejects(store.putStream('episodes/c.mp3', pieces('short'), 100, 'audio/mpeg'));
    assert.equal(await store.size('episodes/c.mp3'), null);

    await store.delete('episodes/b.mp3');
    assert.equal(await store.get('episodes/b.mp3'), null);
    assert.equal(await store.size('episodes/b.mp3'), null);
    await store.delete('episodes/b.mp3');
    await assert.rejects(store.put('../escape', Buffer.alloc(1), 'text/plain'), /Invalid audio store key/);
  });

  test('the configuration picks it: AUDIO_S3_BUCKET set gives the S3 store', () => {
    assert.equal(createAudioStore({ dir: '/nowhere', s3: s3.options }).kind, 's3');
    assert.equal(createAudioStore({ dir: '/tmp/audio', s3: null }).kind, 'files');
  });
});

describe('episodes prepared into S3 and served through the server to their owner only', () => {
  let s3: S3StandIn;
  let ts: TestServer;
  let owner: TestClient;
  let other: TestClient;
  const flite = new FliteSynthesizer({ workers: 2 });

  before(async () => {
    s3 = await startS3StandIn();
    ts = await startTestServer({ now: '2026-11-24T06:05:00Z', env: s3.env });
    owner = await signIn(ts, 'owner@s3.example');
    other = await signIn(ts, 'other@s3.example');
    await setSubscription(ts.orm, 'owner@s3.example', 'premium', 'active');
    await setSubscription(ts.orm, 'other@s3.example', 'premium', 'active');
    await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
    const summary = await prepareEpisodes(ts, flite);
    assert.equal(summary.ready, 1);
  });
  after(async () => {
    await flite.close();
    await ts?.close();
    await s3?.close();
  });

  test('whole file and ranges match the object in the bucket byte for byte; another subscriber gets 404', async () => {
    const [item] = episodeListSchema.parse(await (await owner.get('/api/audio/episodes')).json());
    const episode = episodeSchema.parse(await (await owner.get(`/api/audio/episodes/${item!.digestId}`)).json());
    const whole = await owner.get(episode.audioUrl);
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('content-length'), String(episode.bytes));
    const bytes = Buffer.from(await whole.arrayBuffer());
    const row = await ts.orm.em.fork().findOneOrFail(AudioEpisode, { state: 'ready' });
    const direct = new S3AudioStore(s3.options);
    const object = await direct.get(row.fileKey!);
    direct.close();
    assert.deepEqual(bytes, object, 'what the server sends is the object in the bucket');
    assert.equal(bytes.toString('latin1', 0, 3), 'ID3');

    const part = await owner.get(episode.audioUrl, { range: 'bytes=1000-2999' });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 1000-2999/${episode.bytes}`);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), bytes.subarray(1000, 3000));
    const tail = await owner.get(episode.audioUrl, { range: 'bytes=-700' });
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), bytes.subarray(bytes.length - 700));
    const past = await owner.get(episode.audioUrl, { range: `bytes=${bytes.length}-` });
    assert.equal(past.status, 416);

    const vtt = await owner.get(episode.transcriptUrl);
    assert.match(await vtt.text(), /^WEBVTT/);

    const theirs = await other.get(episode.audioUrl);
    assert.equal(theirs.status, 404);
    await theirs.arrayBuffer();
    const signedOut = await fetch(new URL(episode.audioUrl, ts.url));
    assert.equal(signedOut.status, 401);
  });

  test("HEAD answers the GET's status and headers from the object's size, without a body", async () => {
    const [item] = episodeListSchema.parse(await (await owner.get('/api/audio/episodes')).json());
    const episode = episodeSchema.parse(await (await owner.get(`/api/audio/episodes/${item!.digestId}`)).json());
    const session = { cookie: owner.cookieHeader() };
    const get = await owner.get(episode.audioUrl);
    await get.arrayBuffer();
    const head = await rawHead(`${ts.url}${episode.audioUrl}`, session);
    assert.equal(head.status, 200);
    assert.deepEqual(fileHeadersOf(head.headers), fileHeadersOf(get.headers));
    assert.equal(head.headers['content-length'], String(episode.bytes));
    assert.equal(head.headers['content-type'], 'audio/mpeg');
    assert.equal(head.headers['accept-ranges'], 'bytes');
    assert.ok(head.headers.etag && head.headers['last-modified']);
    assert.equal(head.afterHeaders.length, 0);
    const ranged = await rawHead(`${ts.url}${episode.audioUrl}`, { ...session, range: 'bytes=0-99' });
    assert.equal(ranged.status, 200, 'a Range on HEAD is ignored (RFC 9110, 14.2)');
    assert.equal(ranged.headers['content-length'], String(episode.bytes));
    assert.equal(ranged.afterHeaders.length, 0);
    assert.equal((await rawHead(`${ts.url}${episode.audioUrl}`, { cookie: other.cookieHeader() })).status, 404);
  });
});
