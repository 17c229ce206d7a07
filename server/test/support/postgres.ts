import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { withDeadline } from './deadline.js';

export interface TempPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * TEST_POSTGRES_SERVER=postgresql://user@host:port/db names a PostgreSQL server the tests may create databases
 * on (each test its own, dropped afterwards): the PostgreSQL tests use it instead of a cluster of their own,
 * and every test server of the HTTP, billing and delivery tests gets a fresh database of it instead of SQLite.
 */
export function testPostgresServer(): string | null {
  return process.env.TEST_POSTGRES_SERVER || null;
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

/** Whether the PostgreSQL tests can run here: a server in TEST_POSTGRES_SERVER, or Debian's binaries for a throwaway cluster. */
export function postgresAvailable(): boolean {
  return !!testPostgresServer() || !!postgresBinDir();
}

/** For `describe(name, { skip: skipWithoutPostgres() }, ...)`: false, or why the PostgreSQL tests are skipped. */
export function skipWithoutPostgres(): false | string {
  return postgresAvailable() ? false : 'PostgreSQL is not installed: apt-get install postgresql, or set TEST_POSTGRES_SERVER';
}

/** A new, empty database on `serverUrl`; `stop` drops it. */
export async function freshPostgresDatabase(serverUrl: string): Promise<TempPostgres> {
  const { default: pg } = await import('pg');
  const name = `dcbrief_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000, query_timeout: 30_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), stop: () => admin(`drop database if exists ${name} with (force)`) };
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
 * The environment of the throwaway cluster: this process's, without libfaketime. `npm run test:dates` moves the
 * tests' clock with faketime, and a PostgreSQL server under it never detects a deadlock (its lock timeout never
 * fires: three servers creating one pg-boss queue wait on each other forever). A database server keeps its own,
 * real clock, as it would on its own machine: what the moved date breaks is then the product's doing.
 */
function realClockEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name === 'LD_PRELOAD' || name.startsWith('FAKETIME')) delete env[name];
  return env;
}

/** initdb, createdb and pg_ctl finish in seconds; a minute means something is stuck. */
const COMMAND_TIMEOUT_MS = 60_000;

/**
 * A throwaway PostgreSQL cluster on a loopback port, or a fresh database of TEST_POSTGRES_SERVER; null when
 * neither is available. PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
export async function startTempPostgres(): Promise<TempPostgres | null> {
  const server = testPostgresServer();
  if (server) return freshPostgresDatabase(server);
  const bin = postgresBinDir();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: COMMAND_TIMEOUT_MS, killSignal: 'SIGKILL', env: realClockEnv() });
  };
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'dcbrief', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const serverArgs = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'];
  const proc: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', path.join(bin, 'postgres'), ...serverArgs], { stdio: 'ignore', env: realClockEnv() })
    : spawn(path.join(bin, 'postgres'), serverArgs, { stdio: 'ignore', env: realClockEnv() });
  const exited = new Promise((resolve) => (proc.exitCode !== null ? resolve(null) : proc.once('exit', resolve)));
  // runuser does not pass signals on to postgres: pg_ctl stops it, immediately when a fast shutdown is stuck.
  const stopCluster = async () => {
    try {
      run(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-s', '-t', '30']);
      await withDeadline(exited, 30_000, `PostgreSQL on port ${port} to exit`);
    } catch (err) {
      try {
        run(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-s', '-t', '10']);
      } catch {
        proc.kill('SIGKILL');
      }
      throw err;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await waitForPort(port, 20_000);
    await retry(() => run(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'dcbrief', 'dcbrief']), 20);
  } catch (err) {
    await stopCluster().catch(() => {});
    throw err;
  }
  return { url: `postgresql://dcbrief@127.0.0.1:${port}/dcbrief`, stop: stopCluster };
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
