/**
 * The delivery benchmark's server side, run as a child process (bench/delivery.ts forks it): the real app,
 * ORM and SMTP mailer on the benchmark's database (the parent seeded it), one delivery pass, and the
 * figures sent back over IPC. Its own process, so "server memory" is the server's: not the parent's
 * seeding, not the raw baseline, not the SMTP sink (a third process).
 *
 * IPC: the parent sends `{ env, now }`; the child answers `{ summary, seconds, peakRss }` (or `{ error }`).
 */
import { readFileSync } from 'node:fs';
import { StaticEditionReader } from '../server/src/delivery/edition-port.js';
import { runDeliveryPass, type PassSummary } from '../server/src/delivery/pass.js';
import { createLogger } from '../server/src/lib/logger.js';
import { startTestServer } from '../server/test/support/harness.js';
import { edition } from './delivery.js';

export interface PassRequest {
  env: Record<string, string>;
  now: string;
  verbose: boolean;
}

export type PassReply = { summary: PassSummary; seconds: number; peakRss: number } | { error: string };

/** Peak resident set of this process so far (the kernel's high-water mark, so no spike is missed). */
function peakRssBytes(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : process.memoryUsage.rss();
}

process.once('message', async ({ env, now: nowIso, verbose }: PassRequest) => {
  const now = new Date(nowIso);
  const ts = await startTestServer({ now, env });
  ts.config.publicUrl = env.PUBLIC_URL!;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  let reply: PassReply;
  try {
    const started = performance.now();
    if (verbose)
      console.error(
        `before the pass: rss ${(process.memoryUsage.rss() / 1e6).toFixed(0)} MB (peak ${(peakRssBytes() / 1e6).toFixed(0)}) heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
      );
    const summary = await runDeliveryPass(
      {
        orm: ts.orm,
        mailer: ts.mailer,
        clock: ts.clock,
        logger: createLogger('silent'),
        config: ts.config,
        editions: new StaticEditionReader(edition()),
      },
      now,
      verbose
        ? {
            onProgress: (p) =>
              console.error(
                `${((performance.now() - started) / 1000).toFixed(1)}s ${p.phase} ${p.done} rss ${(process.memoryUsage.rss() / 1e6).toFixed(0)} MB (peak ${(peakRssBytes() / 1e6).toFixed(0)}) heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)}/${(process.memoryUsage().heapTotal / 1e6).toFixed(0)} MB ext ${(process.memoryUsage().external / 1e6).toFixed(0)} MB`,
              ),
          }
        : {},
    );
    const seconds = (performance.now() - started) / 1000;
    reply = { summary, seconds, peakRss: Math.max(peakRss, peakRssBytes()) };
  } catch (err) {
    reply = { error: String((err as Error).stack ?? err).slice(0, 4000) };
  } finally {
    clearInterval(sampler);
    await ts.close();
  }
  process.send!(reply, () => process.exit(0));
});
