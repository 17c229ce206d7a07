import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { listenMinutes, type VoiceStyle } from '@dcbrief/shared';
import type { ParsedMail } from 'mailparser';
import { AudioEpisode, DigestEpisode } from '../../src/audio/audio.entity.js';
import { prepareAudio, type AudioDeps } from '../../src/audio/prepare.js';
import { FileAudioStore } from '../../src/audio/storage.js';
import { FliteSynthesizer } from '../../src/audio/tts/flite.js';
import { windowFor } from '../../src/delivery/compose-digests.js';
import { Delivery } from '../../src/delivery/delivery.entity.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import type { Logger } from '../../src/lib/logger.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { captureLogs } from '../support/log-capture.js';
import { killPreparationMidway } from './kill-preparation.js';
import { setSubscription } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { addSubscribers, deliveryDeps } from '../delivery/fixtures.js';

/** Tuesday: the 06:00 UTC subscribers' hour, with AUDIO_LEAD_MINUTES at its default of 30. */
const BEFORE_HOUR = '2026-11-24T05:35:00Z';
const HOUR = '2026-11-24T06:00:00Z';
const AFTER_HOUR = '2026-11-24T06:05:00Z';
const NOT_READY = 'audio episode not ready at send time: the digest email goes without its "Listen" line';

async function subscriber(
  ts: TestServer,
  email: string,
  tier: 'basic' | 'premium',
  options: { enabled?: boolean; style?: VoiceStyle; deliveryTime?: '06:00' | '08:00' } = {},
) {
  const [user] = await addSubscribers(ts.orm, [
    {
      email,
      preferences: {
        deliveryTime: options.deliveryTime ?? '06:00',
        audio: { enabled: options.enabled ?? true, voiceStyle: options.style ?? 'professional' },
      },
    },
  ]);
  await ts.orm.em.fork().nativeUpdate(User, { id: user!.id }, { subscriptionTier: tier, subscriptionStatus: 'active' });
  return user!;
}

function audioDeps(ts: TestServer, tts: FliteSynthesizer): AudioDeps {
  return {
    orm: ts.orm,
    tts,
    store: new FileAudioStore(path.join(ts.dataDir, 'audio')),
    clock: ts.clock,
    logger: captureLogs().logger,
    config: { maxAttempts: 5 },
  };
}

const rowsOf = (ts: TestServer, email: string) => ts.orm.em.fork().find(Delivery, { user: { email } }, { populate: ['digest'] });
const mailTo = (mails: ParsedMail[], email: string) => mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === email);

async function episodeOfDigest(ts: TestServer, digestId: string): Promise<AudioEpisode | null> {
  const link = await ts.orm.em.fork().findOne(DigestEpisode, { digest: digestId }, { populate: ['episode'] });
  return link?.episode ?? null;
}

describe('premium digests are composed and read aloud ahead of the delivery hour; the email links to the episode', () => {
  let ts: TestServer;
  const flite = new FliteSynthesizer({ workers: 2 });
  const pass = (at: string, logger?: Logger) => runDeliveryPass({ ...deliveryDeps(ts), ...(logger ? { logger } : {}) }, new Date(at));

  before(async () => {
    ts = await startTestServer({ now: BEFORE_HOUR });
    await subscriber(ts, 'listener@ahead.example', 'premium');
    await subscriber(ts, 'off@ahead.example', 'premium', { enabled: false });
    await subscriber(ts, 'basic@ahead.example', 'basic');
    await subscriber(ts, 'late@ahead.example', 'basic');
  });
  after(async () => {
    await flite.close();
    await ts?.close();
  });

  test("30 minutes before the hour only a listener's digest is planned and composed; the audio job makes its episode; nothing is sent early", async () => {
    assert.equal(ts.config.delivery.audioLeadMinutes, 30);
    await pass(BEFORE_HOUR);
    const [row, ...more] = await rowsOf(ts, 'listener@ahead.example');
    assert.equal(more.length, 0);
    assert.ok(row?.digest, 'composed ahead');
    assert.equal(row.state, 'pending');
    assert.equal(row.scheduledFor.toISOString(), new Date(HOUR).toISOString());
    assert.equal(row.nextAttemptAt.toISOString(), new Date(HOUR).toISOString(), 'sent at the hour, not before');
    assert.equal(row.windowEnd?.toISOString(), new Date(BEFORE_HOUR).toISOString(), 'its edition window ends at planning');
    for (const email of ['off@ahead.example', 'basic@ahead.example', 'late@ahead.example'])
      assert.equal((await rowsOf(ts, email)).length, 0, `${email}: planned at the hour like everyone`);

    const prepared = await prepareAudio(audioDeps(ts, flite));
    assert.equal(prepared.ready, 1);
    assert.equal((await episodeOfDigest(ts, row.digest.id))?.state, 'ready');

    await pass('2026-11-24T05:50:00Z');
    assert.equal((await ts.mailFolder()).length, 0, 'no email before the hour');
    assert.equal((await rowsOf(ts, 'listener@ahead.example')).length, 1, 'planned once');
  });

  test('at the hour the listener\'s email says "Listen (N min)" with the episode page; others have no line; one not ready goes anyway, logged', async () => {
    // Premium only from now: their digest is composed at the hour, and its episode cannot be ready yet.
    await setSubscription(ts.orm, 'late@ahead.example', 'premium', 'active');
    const logs = captureLogs();
    const summary = await pass(AFTER_HOUR, logs.logger);
    assert.equal(summary.send.sent, 4);
    const mails = await ts.mailFolder();

    const [row] = await rowsOf(ts, 'listener@ahead.example');
    const digestId = row!.digest!.id;
    const episode = (await episodeOfDigest(ts, digestId))!;
    const label = `Listen (${listenMinutes(episode.durationMs / 1000)} min)`;
    const url = `${ts.config.publicUrl}/audio/${digestId}`;
    const [listener] = mailTo(mails, 'listener@ahead.example');
    assert.ok(listener);
    assert.ok(listener.text?.includes(`${label}: ${url}\nRead it in your browser: `), listener.text?.slice(0, 600));
    assert.match(
      listener.html || '',
      new RegExp(`<a href="${url.replace(/[.?]/g, '\\$&')}" class="ac" style="color:#1d4ed8">${label.replace(/[()]/g, '\\$&')}</a>`),
    );

    for (const email of ['off@ahead.example', 'basic@ahead.example', 'late@ahead.example']) {
      const [mail] = mailTo(mails, email);
      assert.ok(mail, email);
      assert.doesNotMatch(mail.text ?? '', /Listen \(/, email);
      assert.doesNotMatch(String(mail.html), /Listen \(/, email);
      // No empty line where the Listen line would be: the greeting is followed by the browser link.
      assert.match(mail.text ?? '', /\.\nRead it in your browser: /, email);
    }
    const [late] = await rowsOf(ts, 'late@ahead.example');
    const notReady = logs.warnings().filter((l) => l.msg === NOT_READY);
    assert.deepEqual(
      notReady.map((l) => l.delivery),
      [late!.id],
      'only the listener whose episode was not ready is logged, not basic or audio-off subscribers',
    );
    assert.equal(late!.state, 'sent', 'the email was not held for its audio');
  });

  test("the next digest's window starts where the one composed ahead ended", () => {
    const tuesday = { scheduledFor: new Date(HOUR), windowEnd: new Date(BEFORE_HOUR), state: 'sent' as const };
    const ahead = windowFor(
      { kind: 'daily', scheduledFor: new Date('2026-11-25T06:00:00Z'), windowEnd: new Date('2026-11-25T05:30:00Z') },
      'UTC',
      12,
      [tuesday],
    );
    assert.deepEqual(ahead, { from: new Date(BEFORE_HOUR), to: new Date('2026-11-25T05:30:00Z'), by: 'ingested' });
    // No longer a listener: composed at the hour, from where the last one ended (nothing falls between).
    const atHour = windowFor({ kind: 'daily', scheduledFor: new Date('2026-11-25T06:00:00Z') }, 'UTC', 12, [tuesday]);
    assert.deepEqual(atHour, { from: new Date(BEFORE_HOUR), to: new Date('2026-11-25T06:00:00Z'), by: 'ingested' });
  });

  test('a process killed mid-preparation before the hour: the next holder finishes the episode, and the email at the hour links it', async () => {
    await subscriber(ts, 'crash@ahead.example', 'premium', { style: 'news', deliveryTime: '08:00' });
    await pass('2026-11-24T07:35:00Z');
    const [row] = await rowsOf(ts, 'crash@ahead.example');
    assert.ok(row?.digest, 'composed ahead of 08:00');
    const killedAt = await killPreparationMidway(ts);
    assert.equal((await episodeOfDigest(ts, row.digest.id))?.state, 'preparing', 'the killed process held it');

    // Once the child's lease has run out, the next pass takes the episode over.
    ts.clock.set(new Date(killedAt.getTime() + 11 * 60_000));
    // (The pass also makes late@'s episode, linked by the child or by it, whichever got there.)
    const resumed = await prepareAudio(audioDeps(ts, flite));
    assert.ok(resumed.ready >= 1);
    assert.equal((await episodeOfDigest(ts, row.digest.id))?.state, 'ready');
    assert.ok(resumed.segments.reused >= 1, 'what the killed process made is reused');
    assert.equal(await ts.orm.em.fork().count(AudioEpisode, { state: { $ne: 'ready' } }), 0);

    await pass('2026-11-24T08:05:00Z');
    const mails = mailTo(await ts.mailFolder(), 'crash@ahead.example');
    assert.equal(mails.length, 1, 'one email');
    assert.match(mails[0]!.text ?? '', new RegExp(`Listen \\(\\d+ min\\): ${ts.config.publicUrl}/audio/${row.digest.id}`));
    assert.equal(await ts.orm.em.fork().count(Digest, { user: { email: 'crash@ahead.example' } }), 1, 'one digest');
  });
});
