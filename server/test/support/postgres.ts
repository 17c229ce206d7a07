import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TempPostgres {
  url: string;
  stop(): Promise<void>;
}

/** The PostgreSQL server binaries of Debian's package, if installed. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A throwaway PostgreSQL cluster on a loopback port, or the one in TEST_DATABASE_URL.
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
export async function startTempPostgres(): Promise<TempPostgres | null> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  const bin = postgresBinDir();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const asUser = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const [initCmd, initArgs] = asUser(path.join(bin, 'initdb'), ['-D', data, '-U', 'dcbrief', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [cmd, args] = asUser(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  const proc: ChildProcess = spawn(cmd, args, { stdio: 'ignore' });
  await waitForPort(port, 20_000);
  const [createCmd, createArgs] = asUser(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'dcbrief', 'dcbrief']);
  await retry(() => execFileSync(createCmd, createArgs, { stdio: 'ignore' }), 20);
  return {
    url: `postgresql://dcbrief@127.0.0.1:${port}/dcbrief`,
    async stop() {
      // runuser does not pass signals on to postgres: ask pg_ctl for a fast shutdown instead.
      const exited = new Promise((resolve) => (proc.exitCode !== null ? resolve(null) : proc.once('exit', resolve)));
      const [stopCmd, stopArgs] = asUser(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-s']);
      execFileSync(stopCmd, stopArgs, { stdio: 'ignore' });
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PostgreSQL did not start on port ${port}`);
}

async function retry(fn: () => void, times: number): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return fn();
    } catch (err) {
      if (i >= times) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
