/**
 * The server as `npm start` runs it: the compiled build (server/dist/main.js, built first when it is out of date) in a process
 * of its own with the production logger (one JSON line a request, written to /dev/null here), HTTP only: the
 * ingest, delivery and audio schedulers are off, so nothing but the measured requests runs in it. The API
 * benchmark measures this process rather than the test harness's in-process app (whose code tsx compiles from
 * source, with helpers production code does not have: docs/decisions/526). BENCH_SERVER_FLAGS adds node flags.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TestClient } from '../server/test/support/client.js';
import { firstLink, readMailFolder } from '../server/test/support/harness.js';

const MAIN = path.resolve(import.meta.dirname, '../server/dist/main.js');

export interface BuiltServer {
  url: string;
  /** A client signed in through the sign-in email, as a person does. */
  signIn(email: string): Promise<TestClient>;
  stop(): Promise<void>;
  /** CPU seconds the server process has used (user + system, all its threads); undefined where /proc is not. */
  cpuSeconds(): number | undefined;
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on every Linux build in use). */
const USER_HZ = 100;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, child: ChildProcess): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the built server exited (${child.exitCode}) before ${what}`);
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  // Builds shared and server when the build is missing or older than a source file (as `npm run ingest` does).
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/ensure-server-build.mjs')], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let stderr = '';
  // BENCH_SERVER_FLAGS: node flags for digging (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--max-old-space-size=1024', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      INGEST_INTERVAL_MINUTES: '0',
      DELIVERY_SCHEDULER: 'off',
      AUDIO_PREPARE: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor('it answers', async () => ((await fetch(`${url}/api/login`)).ok ? true : undefined), child);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${stderr}`);
  }
  return {
    url,
    stop,
    cpuSeconds() {
      try {
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
      } catch {
        return undefined;
      }
    },
    async signIn(email) {
      const client = new TestClient(url);
      const mailDir = path.join(dataDir, 'mail');
      const before = existsSync(mailDir) ? (await readMailFolder(mailDir)).length : 0;
      const res = await client.post('/api/login', { email });
      if (res.status !== 200) throw new Error(`sign-in request failed: ${res.status} ${await res.text()}`);
      const mail = await waitFor(
        'the sign-in email',
        async () => (await readMailFolder(mailDir)).slice(before).find((m) => m.subject === 'Your DC Brief sign-in link'),
        child,
      );
      const token = new URL(firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/)).searchParams.get('token')!;
      const confirm = await client.request('POST', '/api/login/verify', { form: { token } });
      if (confirm.status !== 303) throw new Error(`sign-in confirm failed: ${confirm.status}`);
      return client;
    },
  };
}
