import assert from 'node:assert/strict';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { episodeListSchema } from '@dcbrief/shared';
import { createAudioStore } from '../../src/audio/audio.config.js';
import { AudioEpisode, AudioSegment, DigestEpisode } from '../../src/audio/audio.entity.js';
import { episodeFiles, prepareAudio } from '../../src/audio/prepare.js';
import type { AudioStore } from '../../src/audio/storage.js';
import { sentenceFile } from '../../src/audio/synthesise.js';
import { FliteSynthesizer } from '../../src/audio/tts/flite.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { runHousekeeping } from '../../src/jobs/housekeeping.js';
import { createLogger } from '../../src/lib/logger.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import type { TestClient } from '../support/client.js';
import { setSubscription } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { startS3StandIn, type S3StandIn } from '../support/s3.js';
import { signIn } from '../support/users.js';
import { addSubscribers, deliveryDeps } from '../delivery/fixtures.js';

const DAY = 24 * 3600_000;

for (const kind of ['files', 's3'] as const) {
  describe(`housekeeping removes audio past its retention (${kind} store)`, () => {
    let s3: S3StandIn | null = null;
    let ts: TestServer;
    let store: AudioStore;
    let reader: TestClient;
    const flite = new FliteSynthesizer({ workers: 2 });
    /** Sets when the store says `key` was last written. */
    const stamp = (key: string, at: Date) =>
      s3 ? s3.setModified(key, at) : utimes(path.join(path.resolve(ts.config.audio.dir), key), at, at);

    before(async () => {
      s3 = kind === 's3' ? await startS3StandIn() : null;
      ts = await startTestServer({ now: '2026-11-24T06:05:00Z', env: s3?.env ?? {} });
      store = createAudioStore(ts.config.audio);
      assert.equal(store.kind, kind);
      reader = await signIn(ts, 'old@retention.example');
      await setSubscription(ts.orm, 'old@retention.example', 'premium', 'active');
      const [recent] = await addSubscribers(ts.orm, [
        { email: 'recent@retention.example', preferences: { audio: { voiceStyle: 'news' } } },
      ]);
      await ts.orm.em.fork().nativeUpdate(User, { id: recent!.id }, { subscriptionTier: 'premium', subscriptionStatus: 'active' });
      await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
      const made = await prepareAudio({
        orm: ts.orm,
        tts: flite,
        store,
        clock: ts.clock,
        logger: createLogger('silent'),
        config: { maxAttempts: 5 },
      });
      assert.equal(made.ready, 2, 'one episode per voice');
    });
    after(async () => {
      await flite.close();
      await ts?.close();
      await s3?.close();
    });

    test('episodes of digests older than the retention and sentences unused as long go, from the database and the store; the rest stays', async () => {
      const em = ts.orm.em.fork();
      const oldDigest = await em.findOneOrFail(Digest, { user: { email: 'old@retention.example' } });
      const oldLink = await em.findOneOrFail(DigestEpisode, { digest: oldDigest.id }, { populate: ['episode'] });
      const oldEpisode = oldLink.episode;
      const recentEpisode = await em.findOneOrFail(AudioEpisode, { id: { $ne: oldEpisode.id } });
      const before = episodeListSchema.parse(await (await reader.get('/api/audio/episodes')).json());
      assert.equal(before.length, 1, 'the Audio Library lists the episode while it is kept');

      // Forty days pass for the old subscriber's digest, its episode and its voice's sentences.
      const longAgo = new Date(ts.clock.now().getTime() - 40 * DAY);
      await em.nativeUpdate(Digest, { id: oldDigest.id }, { createdAt: longAgo });
      await em.nativeUpdate(AudioEpisode, { id: oldEpisode.id }, { createdAt: longAgo });
      await em.nativeUpdate(AudioSegment, { presetKey: oldEpisode.presetKey }, { createdAt: longAgo, lastUsedAt: longAgo });
      const oldSentences = await em.find(AudioSegment, { presetKey: oldEpisode.presetKey }, { disableIdentityMap: true });
      const keptSentences = await em.find(AudioSegment, { presetKey: recentEpisode.presetKey }, { disableIdentityMap: true });
      assert.ok(oldSentences.length > 3 && keptSentences.length > 3);
      for (const s of oldSentences) assert.notEqual(await store.size(sentenceFile(s.key)), null);

      const removed = await runHousekeeping({ orm: ts.orm, clock: ts.clock, audio: { store, retentionDays: 30 } });
      assert.deepEqual(removed.audio, { episodes: 1, sentences: oldSentences.length, orphanFiles: 0 });

      const check = ts.orm.em.fork();
      assert.equal(await check.count(AudioEpisode, { id: oldEpisode.id }), 0);
      assert.equal(await check.count(DigestEpisode, { digest: oldDigest.id }), 0);
      for (const file of Object.values(episodeFiles(oldEpisode.id))) assert.equal(await store.size(file), null, `${file} removed`);
      for (const s of oldSentences) assert.equal(await store.size(sentenceFile(s.key)), null, 'old sentence removed');
      assert.equal(await check.count(AudioSegment, { presetKey: oldEpisode.presetKey }), 0);

      // The recent episode and its sentences are untouched, and still served whole.
      assert.equal((await check.findOneOrFail(AudioEpisode, { id: recentEpisode.id })).state, 'ready');
      for (const file of Object.values(episodeFiles(recentEpisode.id))) assert.notEqual(await store.size(file), null);
      assert.equal(await store.size(episodeFiles(recentEpisode.id).mp3), recentEpisode.bytes);
      for (const s of keptSentences) assert.equal(await store.size(sentenceFile(s.key)), s.bytes);
      assert.equal(await check.count(AudioSegment, { presetKey: recentEpisode.presetKey }), keptSentences.length);

      // The Audio Library no longer lists what was removed; a second pass finds nothing more.
      const afterList = episodeListSchema.parse(await (await reader.get('/api/audio/episodes')).json());
      assert.equal(afterList.length, 0);
      const again = await runHousekeeping({ orm: ts.orm, clock: ts.clock, audio: { store, retentionDays: 30 } });
      assert.deepEqual(again.audio, { episodes: 0, sentences: 0, orphanFiles: 0 });
    });

    test('files no row names (a crash between a row and its files, a write cut short) are swept once an hour old; the rest stays', async () => {
      const kept = await ts.orm.em.fork().findOneOrFail(AudioEpisode, { state: 'ready' });
      const keptSentence = await ts.orm.em.fork().findOneOrFail(AudioSegment, { bytes: { $gt: 0 } });
      const lost = '0b7a3c5e-1f2d-4e6a-9b8c-7d6e5f4a3b2c';
      const orphans = [
        ...Object.values(episodeFiles(lost)),
        sentenceFile('ab'.repeat(32)),
        `episodes/${kept.id}.mp3.3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f.tmp`,
      ];
      // The store stamps what it writes with the real time; the server's clock is pinned. Ages are judged on the
      // server's clock (decision 013), so each file is stamped on that clock as a store would have: the orphans
      // two hours before it, a file still being written (its row may be on its way) a moment ago.
      const twoHoursAgo = new Date(ts.clock.now().getTime() - 2 * 3600_000);
      for (const key of orphans) {
        await store.put(key, Buffer.from('left by a crash'), 'application/octet-stream');
        await stamp(key, twoHoursAgo);
      }
      // Not a name this code writes: not ours to remove.
      await store.put('episodes/readme.txt', Buffer.from('an operator note'), 'text/plain');
      await stamp('episodes/readme.txt', twoHoursAgo);
      const young = sentenceFile('cd'.repeat(32));
      await store.put(young, Buffer.from('being written'), 'audio/mpeg');
      await stamp(young, new Date(ts.clock.now().getTime() - 60_000));
      const removed = await runHousekeeping({ orm: ts.orm, clock: ts.clock, audio: { store, retentionDays: 30 } });
      assert.equal(removed.audio!.orphanFiles, orphans.length);
      assert.notEqual(await store.size(young), null, 'a young file stays');
      await store.delete(young);
      for (const key of orphans) assert.equal(await store.size(key), null, `${key} swept`);
      assert.notEqual(await store.size('episodes/readme.txt'), null);
      for (const file of Object.values(episodeFiles(kept.id))) assert.notEqual(await store.size(file), null, `${file} kept`);
      assert.equal(await store.size(sentenceFile(keptSentence.key)), keptSentence.bytes);
    });
  });
}
