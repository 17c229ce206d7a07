import { spawn } from 'node:child_process';
import path from 'node:path';
import { AudioSegment } from '../../src/audio/audio.entity.js';
import { until } from '../support/deadline.js';
import type { TestServer } from '../support/harness.js';

/**
 * Runs a preparation pass in its own process (prepare-child.ts, on the real clock) and SIGKILLs it once it has
 * made a segment of its own, with the rest of its episode still to do: the crash the lease must survive. Starting
 * the child (tsx, the database, Flite's WebAssembly) takes long on a loaded machine, hence the generous wait.
 */
export async function killPreparationMidway(ts: TestServer, timeoutMs = 180_000): Promise<void> {
  const segmentsBefore = await ts.orm.em.fork().count(AudioSegment, {});
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'prepare-child.ts')], {
    env: { ...process.env, CHILD_DATABASE: JSON.stringify(ts.config.database), CHILD_DATA_DIR: ts.dataDir },
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
}
