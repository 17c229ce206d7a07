import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { VoiceStyle } from '@dcbrief/shared';
import { AudioEpisode, AudioSegment, DigestEpisode } from '../../src/audio/audio.entity.js';
import { prepareAudio, type AudioDeps } from '../../src/audio/prepare.js';
import { buildScript } from '../../src/audio/script.js';
import { sentenceKey } from '../../src/audio/synthesise.js';
import { FileAudioStore } from '../../src/audio/storage.js';
import { FliteSynthesizer } from '../../src/audio/tts/flite.js';
import { OpenAiSpeechSynthesizer } from '../../src/audio/tts/openai.js';
import type { SpeechSynthesizer } from '../../src/audio/tts/port.js';
import { toWav } from '../../src/audio/pcm.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { captureLogs } from '../support/log-capture.js';
import { killPreparationMidway } from './kill-preparation.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { addSubscribers, deliveryDeps } from '../delivery/fixtures.js';

const TUESDAY = '2026-11-24T06:30:00Z';

async function subscriber(ts: TestServer, email: string, tier: 'basic' | 'premium', status: string, style: VoiceStyle, enabled = true) {
  const [user] = await addSubscribers(ts.orm, [{ email, preferences: { audio: { voiceStyle: style, enabled } } }]);
  await ts.orm.em.fork().nativeUpdate(User, { id: user!.id }, { subscriptionTier: tier, subscriptionStatus: status });
  return user!;
}

function audioDeps(ts: TestServer, tts: SpeechSynthesizer, logger = captureLogs().logger): AudioDeps {
  return {
    orm: ts.orm,
    tts,
    store: new FileAudioStore(path.join(ts.dataDir, 'audio')),
    clock: ts.clock,
    logger,
    config: { maxAttempts: 5 },
  };
}

async function episodeOf(ts: TestServer, email: string): Promise<AudioEpisode | null> {
  const em = ts.orm.em.fork();
  const digest = await em.findOne(Digest, { user: { email } });
  if (!digest) return null;
  const link = await em.findOne(DigestEpisode, { digest: digest.id }, { populate: ['episode'] });
  return link?.episode ?? null;
}

describe('audio preparation: premium digests get an episode, made once per content and voice', () => {
  let ts: TestServer;
  const flite = new FliteSynthesizer({ workers: 2 });
  before(async () => {
    ts = await startTestServer({ now: TUESDAY });
  });
  after(async () => {
    await flite.close();
    await ts?.close();
  });

  test('gating, sharing, and each segment synthesised once', async () => {
    await subscriber(ts, 'pro-a@audio.example', 'premium', 'active', 'professional');
    await subscriber(ts, 'pro-b@audio.example', 'premium', 'active', 'professional');
    await subscriber(ts, 'news@audio.example', 'premium', 'active', 'news');
    await subscriber(ts, 'off@audio.example', 'premium', 'active', 'professional', false);
    await subscriber(ts, 'basic@audio.example', 'basic', 'active', 'professional');
    await subscriber(ts, 'lapsed@audio.example', 'premium', 'past_due', 'professional');
    const pass = await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
    assert.equal(pass.send.sent, 5, 'every active subscriber got a digest (the lapsed one none)');

    const deps = audioDeps(ts, flite);
    const summary = await prepareAudio(deps);
    assert.equal(summary.linked, 3, 'the three active premium subscribers with audio on');
    assert.equal(summary.ready, 2, 'one episode per (content, voice): professional, and news');

    const a = await episodeOf(ts, 'pro-a@audio.example');
    const b = await episodeOf(ts, 'pro-b@audio.example');
    const news = await episodeOf(ts, 'news@audio.example');
    assert.equal(a?.state, 'ready');
    assert.equal(a.id, b?.id, 'same content and voice: one shared episode');
    assert.notEqual(news?.id, a.id);
    assert.equal(news?.state, 'ready');
    for (const email of ['off@audio.example', 'basic@audio.example', 'lapsed@audio.example']) {
      assert.equal(await episodeOf(ts, email), null, `${email} gets no audio`);
    }
    // Each sentence once per voice: the distinct (preset, spoken text) pairs of both scripts, and no more.
    const chapters = a.chapters.length;
    assert.ok(chapters >= 3);
    const digest = await ts.orm.em.fork().findOneOrFail(Digest, { user: { email: 'pro-a@audio.example' } }, { populate: ['content'] });
    const script = buildScript({ kind: digest.kind, date: digest.date, stories: digest.content!.stories });
    const lines = script.flatMap((segment) => segment.lines);
    const keys = new Set(['professional', 'news'].flatMap((style) => lines.map((l) => sentenceKey(flite.preset(style), l))));
    assert.equal(summary.segments.synthesised, keys.size);
    assert.equal(
      summary.segments.synthesised + summary.segments.reused,
      2 * lines.length,
      'every sentence of both episodes asked for once',
    );
    assert.equal(await ts.orm.em.fork().count(AudioSegment, {}), summary.segments.synthesised);
    // Chapters tile the episode, in script order.
    assert.equal(a.chapters[0]!.id, 'intro');
    assert.equal(a.chapters.at(-1)!.id, 'outro');
    for (let i = 1; i < chapters; i++) assert.equal(a.chapters[i]!.startMs, a.chapters[i - 1]!.endMs);
    assert.equal(a.chapters.at(-1)!.endMs, a.durationMs);

    const again = await prepareAudio(deps);
    assert.deepEqual([again.linked, again.ready, again.segments.synthesised], [0, 0, 0], 'nothing to do twice');
  });

  test('a provider failure is logged and retried with the outbox backoff; the episode is made on the retry', async () => {
    let failures = 1;
    // An OpenAI-compatible stand-in that answers 503 once, then WAV (the speech of our embedded engine).
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string };
      if (failures-- > 0) {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } }));
      }
      const pcm = await flite.synthesize(body.input, flite.preset('professional'));
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(toWav(pcm));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const tts = new OpenAiSpeechSynthesizer({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'tts-1' });
      await subscriber(ts, 'retry@audio.example', 'premium', 'active', 'conversational');
      ts.clock.set('2026-11-24T07:30:00Z');
      await runDeliveryPass(deliveryDeps(ts), new Date(TUESDAY));
      const logs = captureLogs();
      const first = await prepareAudio(audioDeps(ts, tts, logs.logger));
      assert.deepEqual([first.linked, first.ready, first.retrying], [1, 0, 1]);
      const waiting = await episodeOf(ts, 'retry@audio.example');
      assert.equal(waiting?.state, 'pending');
      assert.equal(waiting.attempts, 1);
      assert.match(waiting.lastError ?? '', /openai speech provider failed: HTTP 503 .*The server is overloaded/);
      const line = logs.lines.find((l) => l.msg === 'audio episode failed; retrying');
      assert.ok(line && line.level === 50, 'an error line for the operator');

      const early = await prepareAudio(audioDeps(ts, tts));
      assert.equal(early.ready, 0, 'not before its next attempt (1 minute)');
      ts.clock.advance(61_000);
      const retry = await prepareAudio(audioDeps(ts, tts));
      assert.equal(retry.ready, 1);
      assert.equal((await episodeOf(ts, 'retry@audio.example'))?.state, 'ready');
    } finally {
      server.close();
    }
  });

  test('a process killed mid-preparation: its lease runs out, another takes the episode over, nothing is made twice', async () => {
    await subscriber(ts, 'crash@audio.example', 'premium', 'active', 'news');
    await subscriber(ts, 'crash2@audio.example', 'premium', 'active', 'conversational');
    ts.clock.set('2026-11-24T08:30:00Z');
    await runDeliveryPass(deliveryDeps(ts), new Date(TUESDAY));
    const killedAt = await killPreparationMidway(ts);
    const em = ts.orm.em.fork();
    const held = await em.find(AudioEpisode, { state: 'preparing' });
    assert.ok(held.length >= 1, 'the killed process held an episode');
    const made = await em.count(AudioSegment, {});

    // Within the child's lease nobody else takes its episode; after it, the next pass does.
    const within = await prepareAudio(audioDeps(ts, flite));
    assert.ok(within.ready <= 1, 'only an episode the child never claimed may be made');
    assert.equal((await ts.orm.em.fork().count(AudioEpisode, { state: 'preparing' })) >= 1, true);
    ts.clock.set(new Date(killedAt.getTime() + 11 * 60_000));
    const after = await prepareAudio(audioDeps(ts, flite));
    assert.ok(after.ready >= 1);
    assert.ok(after.segments.reused >= 1, 'the segment the killed process made is reused, not synthesised again');
    const final = ts.orm.em.fork();
    assert.equal(await final.count(AudioEpisode, { state: { $ne: 'ready' } }), 0);
    assert.equal(await final.count(AudioSegment, {}), made + within.segments.synthesised + after.segments.synthesised);
    for (const email of ['crash@audio.example', 'crash2@audio.example']) assert.equal((await episodeOf(ts, email))?.state, 'ready');
  });
});
