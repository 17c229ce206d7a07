// A preparation pass in its own process, for the crash test: the test kills it mid-way with SIGKILL. It runs on
// the test's clock: from the instant the test pinned (CHILD_NOW), moving on as real time does.
import path from 'node:path';
import { prepareAudio } from '../../src/audio/prepare.js';
import { FileAudioStore } from '../../src/audio/storage.js';
import { FliteSynthesizer } from '../../src/audio/tts/flite.js';
import { openDatabase } from '../../src/database.js';
import type { DatabaseConfig } from '../../src/db/orm.js';
import { createLogger } from '../../src/lib/logger.js';
import { clockFrom } from '../support/clock.js';

const database = JSON.parse(process.env.CHILD_DATABASE!) as DatabaseConfig;
const orm = await openDatabase(database);
const tts = new FliteSynthesizer({ workers: 1 });
await prepareAudio({
  orm,
  tts,
  store: new FileAudioStore(path.join(process.env.CHILD_DATA_DIR!, 'audio')),
  clock: clockFrom(new Date(process.env.CHILD_NOW!)),
  logger: createLogger('silent'),
  config: { maxAttempts: 5 },
});
await tts.close();
await orm.close();
