import { spawn } from 'node:child_process';
import path from 'node:path';
import { AudioSegment } from '../../src/audio/audio.entity.js';
import { until } from '../support/deadline.js';
import type { TestServer } from '../support/harness.js';

/**
 * Runs a preparation pass in its own process (prepare-child.ts, on the test's clock from its current reading)
 * and SIGKILLs it once it has made a segment of its own, with the rest of its episode still to do: the crash the
 * lease must survive. Starting the child (tsx, the database, Flite's WebAssembly) takes long on a loaded machine,
 * hence the generous wait. Moves the test's clock on to the child's time at the kill, and returns that time:
 * every lease the child took runs out within ten minutes of it.
 */
export async function killPreparationMidway(ts: TestServer, timeoutMs = 180_000): Promise<Date> {
  const segmentsBefore = await ts.orm.em.fork().count(AudioSegment, {});
  const startedAt = ts.clock.now();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'prepare-child.ts')], {
    env: {
      ...process.env,
      CHILD_DATABASE: JSON.stringify(ts.config.database),
      CHILD_DATA_DIR: ts.dataDir,
      CHILD_NOW: startedAt.toISOString(),
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await until(async () => (await ts.orm.em.fork().count(AudioSegment, {})) > segmentsBefore, 'a segment made by the child', {
      timeoutMs,
    });
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
  ts.clock.set(new Date(startedAt.getTime() + (performance.now() - started)));
  return ts.clock.now();
}
