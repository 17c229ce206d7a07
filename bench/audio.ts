/**
 * Audio preparation: the embedded engine's real-time factor (synthesis seconds per audio second, one worker,
 * sentence by sentence), then N premium subscribers (`--subscribers N`, or BENCH_AUDIO_SUBSCRIBERS; default
 * 1000, the figure is `npm run bench -- audio --subscribers 10000`) with varied interests, depths and
 * voices: their digests composed by the real delivery pass from a 60-story edition, and every episode prepared
 * by the real job in its own process (bench/audio-prepare.ts: Flite, files in a temporary DATA_DIR). Prints
 * distinct episodes, sentences synthesised and reused, synthesis and total time, disk used, the preparation
 * process's peak RSS and the machine's load, with two baselines of the same run: the cost without sharing
 * (every subscriber's episode synthesised on its own, at the measured real-time factor) and the previous
 * design's re-encoding of every episode from PCM (timed on one of this run's episodes). BENCH_AUDIO_WORKERS
 * (default 2) sets the Flite workers, BENCH_RTF skips the RTF run. Targets of issue 12: RTF <= 0.05, all
 * episodes in <= 10 minutes, no sentence synthesised twice, peak RSS <= 400 MB.
 */
import { execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MPEGDecoder } from 'mpg123-decoder';
import { CONTENT_DEPTHS, DEFAULT_PREFERENCES, INTERESTS, VOICE_STYLES, type Interest } from '@dcbrief/shared';
import { AudioEpisode, AudioSegment, DigestEpisode } from '../server/src/audio/audio.entity.js';
import { encodeMp3 } from '../server/src/audio/encode.js';
import type { PrepareSummary } from '../server/src/audio/prepare.js';
import { buildScript } from '../server/src/audio/script.js';
import { FliteSynthesizer } from '../server/src/audio/tts/flite.js';
import { StaticEditionReader } from '../server/src/delivery/edition-port.js';
import { runDeliveryPass } from '../server/src/delivery/pass.js';
import { toDigestSentence } from '../server/src/delivery/edition-port.js';
import { createLogger } from '../server/src/lib/logger.js';
import type { Mailer } from '../server/src/mail/mailer.js';
import { User } from '../server/src/modules/users/user.entity.js';
import { startTestServer } from '../server/test/support/harness.js';
import { edition } from './delivery.js';

const TARGETS = { rtf: 0.05, minutes: 10, peakRssMb: 400 };
/** Tuesday 06:30 UTC: every subscriber's 06:00 daily is due. */
const NOW = new Date('2026-11-24T06:30:00Z');

/** Accepts and forgets: this benchmark measures audio, not email (bench/delivery.ts does). */
const discard: Mailer = {
  send: async () => ({ messageId: `<${randomUUID()}@bench>` }) as Awaited<ReturnType<Mailer['send']>>,
  close: async () => {},
};

/**
 * Subscriber i's preferences, spread by a multiplicative hash: any non-empty set of the six interests, any of
 * the three depths, any of the three voices (567 combinations; 10,000 subscribers meet nearly all of them).
 */
function preferencesFor(i: number) {
  const h = Math.imul(i + 1, 2654435761) >>> 0;
  const bits = ((h >>> 8) % 63) + 1;
  const interests = Object.fromEntries(INTERESTS.map((k, j) => [k, ((bits >> j) & 1) === 1])) as Record<Interest, boolean>;
  return {
    ...DEFAULT_PREFERENCES,
    deliveryTime: '06:00' as const,
    weeklySummary: false,
    contentDepth: CONTENT_DEPTHS[(h >>> 20) % CONTENT_DEPTHS.length]!,
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
async function realTimeFactor(): Promise<{ rtf: number; cpuRtf: number; sentences: number; audioSec: number }> {
  const stories = edition()
    .slice(0, 8)
    .map((s) => ({ ...s, summary: s.summaries.detailed.map(toDigestSentence), firstSeenAt: s.firstSeenAt.toISOString() }));
  const lines = buildScript({ kind: 'daily', date: '2026-11-24', stories }).flatMap((segment) => segment.lines);
  const tts = new FliteSynthesizer({ workers: 1 });
  try {
    await tts.synthesize('Warm up.', tts.preset('professional'));
    let synthSec = 0;
    let audioSec = 0;
    // The main thread only waits: the process's CPU time is the worker's, whatever else the machine runs.
    const cpuBefore = process.cpuUsage();
    for (const [i, line] of lines.entries()) {
      const preset = tts.preset(VOICE_STYLES[i % VOICE_STYLES.length]!);
      const started = performance.now();
      const pcm = await tts.synthesize(line.spoken, preset);
      synthSec += (performance.now() - started) / 1000;
      audioSec += pcm.samples.length / pcm.sampleRate;
    }
    const cpu = process.cpuUsage(cpuBefore);
    return { rtf: synthSec / audioSec, cpuRtf: (cpu.user + cpu.system) / 1e6 / audioSec, sentences: lines.length, audioSec };
  } finally {
    await tts.close();
  }
}

/** The machine's one-minute load average, sampled every 5 s while the preparation runs. */
function sampleLoad() {
  const samples: number[] = [loadavg()[0]!];
  const timer = setInterval(() => samples.push(loadavg()[0]!), 5000);
  return () => {
    clearInterval(timer);
    samples.push(loadavg()[0]!);
    return { mean: samples.reduce((a, b) => a + b, 0) / samples.length, max: Math.max(...samples) };
  };
}

interface ChildResult {
  summary: PrepareSummary;
  seconds: number;
  peakRss: number;
  cpuSec: number;
}

/** The preparation pass in its own process (bench/audio-prepare.ts); a hung one fails the benchmark. */
function prepareInChild(env: Record<string, string>, deadlineMs: number): Promise<ChildResult & { wallSec: number }> {
  const started = performance.now();
  // The compiled server, as `npm start` runs it: a TypeScript loader in the process would add its own memory.
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/ensure-server-build.mjs', import.meta.url))], { stdio: 'inherit' });
  const child = fork(fileURLToPath(new URL('./audio-prepare.mjs', import.meta.url)), [], {
    execArgv: [],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the preparation process took over ${deadlineMs / 1000} s`));
    }, deadlineMs);
    let result: ChildResult | null = null;
    child.on('message', (m: ChildResult) => (result = m));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (result && code === 0) resolve({ ...result, wallSec: (performance.now() - started) / 1000 });
      else reject(new Error(`the preparation process exited with ${code}`));
    });
  });
}

/**
 * The previous design's cost (decision 403): every episode decoded to PCM from its sentences and encoded
 * whole. Timed here as lamejs's encoding speed on one episode of this run (decoded by mpg123), in seconds of
 * audio per second; the decoding and joining it also needed are left out, in its favour.
 */
async function reencodeSpeed(file: string): Promise<number> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const decoded = decoder.decode(new Uint8Array(readFileSync(file)));
  decoder.free();
  const float = decoded.channelData[0]!;
  const samples = new Int16Array(float.length);
  for (let i = 0; i < float.length; i++) samples[i] = Math.max(-32768, Math.min(32767, Math.round(float[i]! * 32767)));
  const started = performance.now();
  encodeMp3({ sampleRate: decoded.sampleRate, samples });
  return samples.length / decoded.sampleRate / ((performance.now() - started) / 1000);
}

export async function benchAudio(options: { subscribers?: number } = {}): Promise<Array<Record<string, string>>> {
  const N = options.subscribers ?? Number(process.env.BENCH_AUDIO_SUBSCRIBERS ?? 1000);
  const loadAtStart = loadavg()[0]!;
  const rtf = process.env.BENCH_RTF
    ? { rtf: Number(process.env.BENCH_RTF), cpuRtf: Number(process.env.BENCH_RTF), sentences: 0, audioSec: 0 }
    : await realTimeFactor();
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
    const benchRss = process.resourceUsage().maxRSS * 1024;

    const load = sampleLoad();
    const child = await prepareInChild(
      {
        BENCH_DATABASE: JSON.stringify(ts.config.database),
        BENCH_DATA_DIR: ts.dataDir,
        BENCH_NOW: NOW.toISOString(),
      },
      // Ten times the target, and a minute to start.
      60_000 + TARGETS.minutes * 60_000 * 10,
    );
    const machine = load();
    const summary = child.summary;

    const check = ts.orm.em.fork();
    const episodes = await check.find(AudioEpisode, {}, { fields: ['durationMs', 'state', 'fileKey'] });
    const links = await check.find(DigestEpisode, {}, { populate: ['episode'], fields: ['episode.durationMs'] });
    const sentences = await check.count(AudioSegment, {});
    const episodeAudioSec = episodes.reduce((n, e) => n + e.durationMs / 1000, 0);
    const perSubscriberAudioSec = links.reduce((n, l) => n + l.episode.durationMs / 1000, 0);
    // Without sharing: every subscriber's episode synthesised for them alone, by the same engine.
    const unsharedSec = perSubscriberAudioSec * rtf.rtf;
    const longest = episodes.filter((e) => e.fileKey).sort((a, b) => b.durationMs - a.durationMs)[0];
    const reencodeSec = longest ? episodeAudioSec / (await reencodeSpeed(path.join(ts.dataDir, 'audio', longest.fileKey!))) : 0;
    const s = summary.segments;
    const seconds = child.wallSec;
    const cpus = availableParallelism();
    return [
      {
        figure: 'embedded engine real-time factor (1 worker)',
        value: rtf.rtf.toFixed(4),
        target: `<= ${TARGETS.rtf}`,
        met: String(rtf.rtf <= TARGETS.rtf),
      },
      {
        figure: 'embedded engine real-time factor in CPU time (1 worker)',
        value: rtf.cpuRtf.toFixed(4),
        target: `<= ${TARGETS.rtf}`,
        met: String(rtf.cpuRtf <= TARGETS.rtf),
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
        figure: 'sentences synthesised / distinct in the cache / reused',
        value: `${s.synthesised} / ${sentences} / ${s.reused}`,
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
      {
        figure: 'synthesis time (provider, summed over its workers)',
        value: `${s.synthesisSec.toFixed(1)} s`,
        target: '',
        met: '',
      },
      { figure: 'sentence encoding time (once each)', value: `${s.encodeSec.toFixed(1)} s`, target: '', met: '' },
      {
        figure: 'total preparation time (process start to exit)',
        value: `${seconds.toFixed(1)} s (pass ${child.seconds.toFixed(1)} s)`,
        target: `<= ${TARGETS.minutes * 60} s`,
        met: String(seconds <= TARGETS.minutes * 60),
      },
      {
        figure: 'CPU time of the preparation process (all threads)',
        value: `${child.cpuSec.toFixed(1)} s (${(child.cpuSec / cpus).toFixed(0)} s on ${cpus} idle cores)`,
        target: '',
        met: '',
      },
      {
        figure: 'baseline: unshared synthesis at the same RTF',
        value: `${unsharedSec.toFixed(0)} s (${(unsharedSec / seconds).toFixed(1)}x ours)`,
        target: '',
        met: '',
      },
      {
        figure: 'baseline: re-encoding every episode from PCM',
        value: `${reencodeSec.toFixed(0)} s (${(reencodeSec / seconds).toFixed(1)}x ours)`,
        target: '',
        met: '',
      },
      {
        figure: 'per minute of episode audio: preparation',
        value: `${((seconds / episodeAudioSec) * 60).toFixed(3)} s`,
        target: '',
        met: '',
      },
      { figure: 'disk used (DATA_DIR/audio)', value: mb(diskBytes(path.join(ts.dataDir, 'audio'))), target: '', met: '' },
      {
        figure: 'peak RSS of the preparation process',
        value: mb(child.peakRss),
        target: `<= ${TARGETS.peakRssMb} MB`,
        met: String(child.peakRss <= TARGETS.peakRssMb * 1024 * 1024),
      },
      { figure: 'peak RSS of the benchmark (seeding, composing)', value: mb(benchRss), target: '', met: '' },
      {
        figure: 'machine load (1-min avg: start; mean / max while preparing)',
        value: `${loadAtStart.toFixed(1)}; ${machine.mean.toFixed(1)} / ${machine.max.toFixed(1)} on ${cpus} cores`,
        target: '',
        met: '',
      },
    ];
  } finally {
    await ts.close();
  }
}
