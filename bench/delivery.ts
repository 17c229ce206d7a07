/**
 * Delivery throughput: N generated subscribers with varied time zones, hours, depths and interests, each
 * planned, composed from a 60-story edition, rendered and sent through the real outbox to a loopback SMTP
 * server that accepts and discards; compared in the same run with raw nodemailer sending N prebuilt
 * messages to the same server with the same pool. BENCH_SUBSCRIBERS (default 100000) sets N. Prints each
 * target (>= 1,000 emails/s, >= 50 % of the raw rate, <= 300 MB) and whether this run met it.
 *
 * For digging: BENCH_VERBOSE=1 prints the pass's progress with its memory; BENCH_CPU_PROF=DIR writes the
 * pass process's CPU profile; BENCH_PASS_FLAGS="--flag ..." adds V8 flags to it; BENCH_KEEP=1 keeps the
 * database for inspection.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import pLimit from 'p-limit';
import { CONTENT_DEPTHS, DEFAULT_PREFERENCES, DELIVERY_TIMES, INTERESTS, type Interest } from '@dcbrief/shared';
import type { EditionStoryView } from '../server/src/delivery/edition-port.js';
import type { PassSummary } from '../server/src/delivery/pass.js';
import { digestEmail } from '../server/src/delivery/digest-email.js';
import { LinkSigner } from '../server/src/delivery/tokens.js';
import { Digest } from '../server/src/modules/digests/digest.entity.js';
import { User } from '../server/src/modules/users/user.entity.js';
import { withDeadline } from '../server/test/support/deadline.js';
import { startTestServer } from '../server/test/support/harness.js';
import type { PassReply, PassRequest } from './delivery-pass.js';

const N = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
/** The delivery targets of issue 6: throughput, share of the raw nodemailer rate on the same sink, memory. */
const TARGETS = { emailsPerSecond: 1000, shareOfRaw: 0.5, peakRssMb: 300 };
const CONNECTIONS = 8;
const CONCURRENCY = 16;
/** Both sides keep their pooled connections for the whole run (nodemailer's default reconnects every 100 messages). */
const MAX_MESSAGES = Infinity;
/** The child processes' deadlines: a hung one fails the benchmark. The pass gets ten times its target's time and a minute. */
const SINK_DEADLINE_MS = 30_000;
const PASS_DEADLINE_MS = 60_000 + (N / TARGETS.emailsPerSecond) * 10_000;
export const NOW = new Date('2026-11-24T12:30:00Z');
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Europe/London',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Sydney',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
];

/**
 * The SMTP server that accepts and discards, in a child process (bench/smtp-discard-sink.ts): it runs on the
 * other core instead of taking turns with the sender on this process's one JS thread, and its memory is not
 * the server's. Counts come back over IPC.
 */
async function discardingSink() {
  const child = fork(fileURLToPath(new URL('./smtp-discard-sink.ts', import.meta.url)), [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const kill = () => child.kill('SIGKILL');
  const port = await withDeadline(
    new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`SMTP sink exited with ${code}`)));
      child.on('message', (m: { type: string; port?: number }) => m.type === 'ready' && resolve(m.port!));
    }),
    SINK_DEADLINE_MS,
    'the SMTP sink process to listen',
    kill,
  );
  let asked = 0;
  const received = () =>
    withDeadline(
      new Promise<number>((resolve) => {
        const id = ++asked;
        const onMessage = (m: { type: string; id?: number; received?: number }) => {
          if (m.type !== 'count' || m.id !== id) return;
          child.off('message', onMessage);
          resolve(m.received!);
        };
        child.on('message', onMessage);
        child.send({ type: 'count', id });
      }),
      SINK_DEADLINE_MS,
      'the SMTP sink process to count',
      kill,
    );
  const close = () =>
    withDeadline(
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
      SINK_DEADLINE_MS,
      'the SMTP sink process to exit',
      kill,
    );
  return { url: `smtp://127.0.0.1:${port}`, port, received, close };
}

export function edition(): EditionStoryView[] {
  return Array.from({ length: 60 }, (_, i) => {
    const interest = INTERESTS[i % INTERESTS.length]!;
    const ids = Array.from({ length: 1 + (i % 5) }, (_, k) => `source-${(i + k) % 40}`);
    const sentence = (n: number) => ({
      text: `Operator ${i} commissioned ${20 + n} MW of IT capacity at its campus number ${n} on 23 November, according to filings.`,
      language: 'en',
      sourceIds: [ids[n % ids.length]!],
    });
    return {
      id: `story-${i}`,
      title: `Operator ${i} commissions ${40 + i} MW campus`,
      interest,
      interests: [interest],
      corroboration: ids.length,
      summaries: { brief: [sentence(0)], standard: [0, 1, 2].map(sentence), detailed: [0, 1, 2, 3, 4, 5].map(sentence) },
      keyFigures: [`${40 + i} MW`],
      sources: ids.map((id) => ({ id, name: `Source ${id}`, url: `https://${id}.example/story-${i}`, language: 'en' })),
      languages: ['en'],
      firstSeenAt: new Date(NOW.getTime() - (i + 1) * 20 * 60_000),
      ingestedAt: new Date(NOW.getTime() - (i + 1) * 20 * 60_000 + 15 * 60_000),
    };
  });
}

function preferencesFor(i: number) {
  const interests = Object.fromEntries(INTERESTS.map((k, j) => [k, (i >> j) % 3 !== 0])) as Record<Interest, boolean>;
  return {
    ...DEFAULT_PREFERENCES,
    deliveryTime: DELIVERY_TIMES[i % DELIVERY_TIMES.length]!,
    contentDepth: CONTENT_DEPTHS[(i >> 2) % CONTENT_DEPTHS.length]!,
    weeklySummary: false,
    interests,
  };
}

/**
 * The V8 flags `npm start` runs the server with (the root package.json), so the pass process is measured
 * as the product runs: its 1 GB heap ceiling also makes V8 collect garbage sooner (docs/decisions/306).
 */
function serverNodeFlags(): string[] {
  const start =
    (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts.start ??
    '';
  const flags = start.match(/--max-old-space-size=\d+/g);
  if (!flags) throw new Error('npm start sets no --max-old-space-size: the benchmark would not measure the server as it runs');
  return flags;
}

/** Runs the delivery pass in its own process (bench/delivery-pass.ts): the server whose memory the target is about. */
async function passInChild(env: Record<string, string>): Promise<{ summary: PassSummary; seconds: number; peakRss: number }> {
  // BENCH_CPU_PROF=DIR writes the pass process's CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const extra = process.env.BENCH_PASS_FLAGS ? process.env.BENCH_PASS_FLAGS.split(' ') : [];
  const child = fork(fileURLToPath(new URL('./delivery-pass.ts', import.meta.url)), [], {
    execArgv: [...process.execArgv, ...serverNodeFlags(), ...profile, ...extra],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const reply = await withDeadline(
    new Promise<PassReply>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`delivery pass process exited with ${code}`)));
      child.once('message', (m) => resolve(m as PassReply));
      const request: PassRequest = { env, now: NOW.toISOString(), verbose: !!process.env.BENCH_VERBOSE };
      child.send(request);
    }),
    PASS_DEADLINE_MS,
    `the delivery pass of ${N} subscribers`,
    () => child.kill('SIGKILL'),
  );
  if ('error' in reply) throw new Error(`delivery pass failed: ${reply.error}`);
  return reply;
}

export async function benchDelivery(): Promise<Array<Record<string, string>>> {
  const sink = await discardingSink();
  // One data folder for the seeding (here) and the pass (in its own process): the same SQLite file.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-bench-delivery-'));
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: `${sink.url}?maxConnections=${CONNECTIONS}&maxMessages=${MAX_MESSAGES}`,
    DELIVERY_CONCURRENCY: String(CONCURRENCY),
    DELIVERY_CATCH_UP_HOURS: '24',
    PUBLIC_URL: 'https://brief.example',
  };
  const ts = await startTestServer({ now: NOW, env });
  ts.config.publicUrl = 'https://brief.example';
  try {
    const em = ts.orm.em.fork();
    for (let i = 0; i < N; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, N - i) }, (_, k) => {
        const n = i + k;
        return {
          id: randomUUID(),
          email: `subscriber${n}@bench.example`,
          firstName: `Reader${n}`,
          lastName: '',
          subscriptionTier: 'basic' as const,
          subscriptionStatus: 'active',
          timezone: ZONES[n % ZONES.length]!,
          preferences: preferencesFor(n),
          createdAt: NOW,
          updatedAt: NOW,
        };
      });
      await em.insertMany(User, rows);
    }

    const { summary, seconds, peakRss } = await passInChild(env);
    const sent = summary.send.sent;
    const sinkGot = await sink.received();
    if (sent !== N || sinkGot < N) throw new Error(`expected ${N} emails, sent ${sent}, sink got ${sinkGot}`);
    const deliveryPeak = peakRss;

    // Baseline: the same number of prebuilt messages through raw nodemailer, same pool, same concurrency.
    // Prebuilt: real rendered digests of this run (the outbox's own output), so both sides send the same bytes.
    const digests = await ts.orm.em.fork().find(Digest, { quiet: false }, { populate: ['user', 'content'], limit: 50 });
    const signer = new LinkSigner(ts.config.sessionSecret);
    const prebuilt = digests.map((d) => digestEmail(ts, signer, d.user, d));
    const raw = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sink.port,
      pool: true,
      maxConnections: CONNECTIONS,
      maxMessages: MAX_MESSAGES,
      secure: false,
      ignoreTLS: true,
    });
    const before = await sink.received();
    const limit = pLimit(CONCURRENCY);
    const rawStarted = performance.now();
    await Promise.all(
      Array.from({ length: N }, (_, i) =>
        limit(() => {
          const m = prebuilt[i % prebuilt.length]!;
          return raw.sendMail({
            from: 'DC Brief <brief@localhost>',
            to: `subscriber${i}@bench.example`,
            subject: m.subject,
            text: m.text,
            html: m.html,
          });
        }),
      ),
    );
    const rawSeconds = (performance.now() - rawStarted) / 1000;
    raw.close();
    if ((await sink.received()) - before !== N) throw new Error('raw baseline lost messages');

    const rate = sent / seconds;
    const rawRate = N / rawSeconds;
    const share = rate / rawRate;
    const peakMb = deliveryPeak / 1e6;
    const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    const row = (benchmark: string, cells: Partial<Record<'emails/s' | 'seconds' | 'vs raw' | 'peak RSS MB' | 'target', string>>) => ({
      benchmark,
      'emails/s': '',
      seconds: '',
      'vs raw': '',
      'peak RSS MB': '',
      target: '',
      ...cells,
    });
    return [
      row(`raw nodemailer, ${N} prebuilt messages (baseline)`, {
        'emails/s': rawRate.toFixed(0),
        seconds: rawSeconds.toFixed(1),
        'vs raw': '100%',
      }),
      row(`delivery pass: plan + compose + render + send, ${N} subscribers`, {
        'emails/s': rate.toFixed(0),
        seconds: seconds.toFixed(1),
        'vs raw': `${(share * 100).toFixed(0)}%`,
        'peak RSS MB': peakMb.toFixed(0),
      }),
      row(`  of which quiet-day notes`, { 'emails/s': String(summary.compose.quiet) }),
      // Issue 6's targets. Peak RSS is the delivery process's high-water mark (the app, ORM, mailer and the pass),
      // not the seeding, the baseline or the SMTP sink, which run in other processes.
      row(`target: delivery >= ${TARGETS.emailsPerSecond.toLocaleString('en-US')} emails/s`, {
        'emails/s': rate.toFixed(0),
        target: met(rate >= TARGETS.emailsPerSecond),
      }),
      row(`target: delivery >= ${TARGETS.shareOfRaw * 100}% of the raw nodemailer rate`, {
        'vs raw': `${(share * 100).toFixed(0)}%`,
        target: met(share >= TARGETS.shareOfRaw),
      }),
      row(`target: server memory <= ${TARGETS.peakRssMb} MB (peak RSS of the delivery process)`, {
        'peak RSS MB': peakMb.toFixed(0),
        target: met(peakMb <= TARGETS.peakRssMb),
      }),
    ];
  } finally {
    await ts.close();
    await sink.close();
    if (process.env.BENCH_KEEP) console.error(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
