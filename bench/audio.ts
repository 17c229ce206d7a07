/**
 * Audio preparation: the embedded engine's real-time factor (synthesis seconds per audio second, one worker,
 * sentence by sentence), then N premium subscribers (BENCH_AUDIO_SUBSCRIBERS, default 10000) with varied
 * interests, depths and voices: their digests composed by the real delivery pass from a 60-story edition, and
 * every episode prepared by the real job (Flite, files in a temporary DATA_DIR). Prints distinct episodes,
 * sentences synthesised and reused, synthesis and total time, disk used, peak RSS, and the cost without
 * sharing (every subscriber's episode synthesised on its own, at the measured real-time factor) as the
 * baseline of the same run. BENCH_AUDIO_WORKERS (default 2) sets the Flite workers, BENCH_RTF skips the RTF run. Targets of issue 12: RTF <= 0.05, all episodes in <= 10 minutes, no sentence
 * synthesised twice, peak RSS <= 400 MB.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_DEPTHS, DEFAULT_PREFERENCES, INTERESTS, VOICE_STYLES, type Interest } from '@dcbrief/shared';
import { AudioEpisode, AudioSegment, DigestEpisode } from '../server/src/audio/audio.entity.js';
import { prepareAudio } from '../server/src/audio/prepare.js';
import { buildScript } from '../server/src/audio/script.js';
import { FileAudioStore } from '../server/src/audio/storage.js';
import { FliteSynthesizer } from '../server/src/audio/tts/flite.js';
import { StaticEditionReader } from '../server/src/delivery/edition-port.js';
import { runDeliveryPass } from '../server/src/delivery/pass.js';
import { toDigestSentence } from '../server/src/delivery/edition-port.js';
import { createLogger } from '../server/src/lib/logger.js';
import type { Mailer } from '../server/src/mail/mailer.js';
import { User } from '../server/src/modules/users/user.entity.js';
import { startTestServer } from '../server/test/support/harness.js';
import { edition } from './delivery.js';

const N = Number(process.env.BENCH_AUDIO_SUBSCRIBERS ?? 10_000);
const TARGETS = { rtf: 0.05, minutes: 10, peakRssMb: 400 };
/** Tuesday 06:30 UTC: every subscriber's 06:00 daily is due. */
const NOW = new Date('2026-11-24T06:30:00Z');

/** Accepts and forgets: this benchmark measures audio, not email (bench/delivery.ts does). */
const discard: Mailer = {
  send: async () => ({ messageId: `<${randomUUID()}@bench>` }) as Awaited<ReturnType<Mailer['send']>>,
  close: async () => {},
};

function preferencesFor(i: number) {
  const interests = Object.fromEntries(INTERESTS.map((k, j) => [k, ((i * 7) >> j) % 3 !== 0])) as Record<Interest, boolean>;
  return {
    ...DEFAULT_PREFERENCES,
    deliveryTime: '06:00' as const,
    weeklySummary: false,
    contentDepth: CONTENT_DEPTHS[(i >> 2) % CONTENT_DEPTHS.length]!,
    interests,
    audio: { enabled: true, voiceStyle: VOICE_STYLES[i % VOICE_STYLES.length]!, playbackSpeed: 1 as const },
  };
}

function diskBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? diskBytes(full) : statSync(full).size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Real-time factor of one Flite worker over real script sentences of the edition, each said once. */
async function realTimeFactor(): Promise<{ rtf: number; sentences: number; audioSec: number }> {
  const stories = edition()
    .slice(0, 8)
    .map((s) => ({ ...s, summary: s.summaries.detailed.map(toDigestSentence), firstSeenAt: s.firstSeenAt.toISOString() }));
  const lines = buildScript({ kind: 'daily', date: '2026-11-24', stories }).flatMap((segment) => segment.lines);
  const tts = new FliteSynthesizer({ workers: 1 });
  try {
    await tts.synthesize('Warm up.', tts.preset('professional'));
    let synthSec = 0;
    let audioSec = 0;
    for (const [i, line] of lines.entries()) {
      const preset = tts.preset(VOICE_STYLES[i % VOICE_STYLES.length]!);
      const started = performance.now();
      const pcm = await tts.synthesize(line.spoken, preset);
      synthSec += (performance.now() - started) / 1000;
      audioSec += pcm.samples.length / pcm.sampleRate;
    }
    return { rtf: synthSec / audioSec, sentences: lines.length, audioSec };
  } finally {
    await tts.close();
  }
}

export async function benchAudio(): Promise<Array<Record<string, string>>> {
  const rtf = process.env.BENCH_RTF ? { rtf: Number(process.env.BENCH_RTF), sentences: 0, audioSec: 0 } : await realTimeFactor();
  if (process.env.BENCH_VERBOSE) console.error('rtf', rtf);
  const ts = await startTestServer({ now: NOW, env: { DELIVERY_CATCH_UP_HOURS: '24' } });
  try {
    const em = ts.orm.em.fork();
    for (let i = 0; i < N; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
        id: randomUUID(),
        email: `listener${i + k}@bench.example`,
        firstName: `Listener${i + k}`,
        lastName: '',
        subscriptionTier: 'premium' as const,
        subscriptionStatus: 'active',
        timezone: 'UTC',
        preferences: preferencesFor(i + k),
        createdAt: NOW,
        updatedAt: NOW,
      }));
      await em.insertMany(User, rows);
    }
    if (process.env.BENCH_VERBOSE) console.error('seeded');
    const pass = await runDeliveryPass(
      {
        orm: ts.orm,
        mailer: discard,
        clock: ts.clock,
        logger: createLogger('silent'),
        config: ts.config,
        editions: new StaticEditionReader(edition()),
      },
      NOW,
    );
    if (process.env.BENCH_VERBOSE) console.error('composed', pass.compose, pass.send);
    const rssBefore = process.resourceUsage().maxRSS * 1024;
    const tts = new FliteSynthesizer({ workers: Number(process.env.BENCH_AUDIO_WORKERS ?? 2) });
    const store = new FileAudioStore(path.join(ts.dataDir, 'audio'));
    const started = performance.now();
    const summary = await prepareAudio({
      orm: ts.orm,
      tts,
      store,
      clock: ts.clock,
      logger: createLogger('silent'),
      config: { maxAttempts: 5 },
    });
    const seconds = (performance.now() - started) / 1000;
    await tts.close();
    const peakRss = process.resourceUsage().maxRSS * 1024;

    const check = ts.orm.em.fork();
    const episodes = await check.find(AudioEpisode, {}, { fields: ['durationMs', 'state'] });
    const links = await check.find(DigestEpisode, {}, { populate: ['episode'], fields: ['episode.durationMs'] });
    const sentences = await check.count(AudioSegment, {});
    const episodeAudioSec = episodes.reduce((n, e) => n + e.durationMs / 1000, 0);
    const perSubscriberAudioSec = links.reduce((n, l) => n + l.episode.durationMs / 1000, 0);
    // Without sharing: every subscriber's episode synthesised for them alone, by the same engine.
    const unsharedSec = perSubscriberAudioSec * rtf.rtf;
    const s = summary.segments;
    const rows = [
      {
        figure: 'embedded engine real-time factor (1 worker)',
        value: rtf.rtf.toFixed(4),
        target: `<= ${TARGETS.rtf}`,
        met: String(rtf.rtf <= TARGETS.rtf),
      },
      { figure: 'premium subscribers / digests composed', value: `${N} / ${pass.compose.composed}`, target: '', met: '' },
      { figure: 'digests given an episode', value: String(summary.linked), target: '', met: '' },
      {
        figure: 'distinct episodes made (content x voice)',
        value: `${summary.ready} of ${episodes.length}`,
        target: '',
        met: String(summary.ready === episodes.length),
      },
      {
        figure: 'sentences synthesised / reused',
        value: `${s.synthesised} / ${s.reused}`,
        target: 'none twice',
        met: String(s.synthesised === sentences),
      },
      {
        figure: 'cache hit ratio (sentences)',
        value: `${((100 * s.reused) / (s.reused + s.synthesised)).toFixed(1)} %`,
        target: '',
        met: '',
      },
      { figure: 'speech synthesised', value: `${(s.audioSec / 60).toFixed(1)} min`, target: '', met: '' },
      {
        figure: 'audio in episodes / heard by subscribers',
        value: `${(episodeAudioSec / 3600).toFixed(1)} h / ${(perSubscriberAudioSec / 3600).toFixed(0)} h`,
        target: '',
        met: '',
      },
      { figure: 'synthesis time (provider, summed)', value: `${s.synthesisSec.toFixed(1)} s`, target: '', met: '' },
      {
        figure: 'total preparation time',
        value: `${seconds.toFixed(1)} s`,
        target: `<= ${TARGETS.minutes * 60} s`,
        met: String(seconds <= TARGETS.minutes * 60),
      },
      {
        figure: 'baseline: unshared synthesis at the same RTF',
        value: `${unsharedSec.toFixed(0)} s (${(unsharedSec / seconds).toFixed(0)}x ours)`,
        target: '',
        met: '',
      },
      {
        figure: 'per minute of episode audio: preparation',
        value: `${((seconds / episodeAudioSec) * 60).toFixed(2)} s`,
        target: '',
        met: '',
      },
      { figure: 'disk used (DATA_DIR/audio)', value: mb(diskBytes(path.join(ts.dataDir, 'audio'))), target: '', met: '' },
      {
        figure: 'peak RSS before / after preparation (whole process)',
        value: `${mb(rssBefore)} / ${mb(peakRss)}`,
        target: `<= ${TARGETS.peakRssMb} MB`,
        met: String(peakRss <= TARGETS.peakRssMb * 1024 * 1024),
      },
    ];
    return rows;
  } finally {
    await ts.close();
  }
}
