/**
 * The audio preparation pass of bench/audio.ts in its own process, as a server's job runs it: from the compiled
 * server (server/dist, what `npm start` runs; bench/audio.ts builds it when stale), with no TypeScript loader, so
 * its peak RSS is the preparation's alone (Flite's worker threads included), not the benchmark's seeding and
 * composing. Reads its database and DATA_DIR from the environment, answers over IPC with the pass's summary and
 * figures.
 */
import path from 'node:path';
import { prepareAudio } from '../server/dist/audio/prepare.js';
import { FileAudioStore } from '../server/dist/audio/storage.js';
import { FliteSynthesizer } from '../server/dist/audio/tts/flite.js';
import { openDatabase } from '../server/dist/database.js';
import { ManualClock } from '../server/dist/lib/clock.js';
import { createLogger } from '../server/dist/lib/logger.js';

const database = JSON.parse(process.env.BENCH_DATABASE);
const orm = await openDatabase(database);
const tts = new FliteSynthesizer({ workers: Number(process.env.BENCH_AUDIO_WORKERS ?? 2) });
const started = performance.now();
const summary = await prepareAudio({
  orm,
  tts,
  store: new FileAudioStore(path.join(process.env.BENCH_DATA_DIR, 'audio')),
  clock: new ManualClock(new Date(process.env.BENCH_NOW)),
  logger: createLogger(process.env.BENCH_VERBOSE ? 'info' : 'silent'),
  config: { maxAttempts: 5 },
});
const seconds = (performance.now() - started) / 1000;
await tts.close();
await orm.close();
const usage = process.resourceUsage();
process.send({ summary, seconds, peakRss: usage.maxRSS * 1024, cpuSec: (usage.userCPUTime + usage.systemCPUTime) / 1e6 }, () =>
  process.exit(0),
);
