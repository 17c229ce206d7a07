import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface CliResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** How long the command may run before it is killed and the test fails with its output so far. */
  timeoutMs?: number;
}

/** A CLI in these tests finishes in seconds; two minutes leave room for a slow machine, not for a hang. */
export const CLI_TIMEOUT_MS = 120_000;

export interface RunningCli {
  child: ChildProcess;
  /** What it has written so far. */
  output(): { stdout: string; stderr: string };
  /** Its exit; rejects, after killing it, when it runs past its deadline. */
  done: Promise<CliResult>;
}

/**
 * Starts `server/src/cli/<script>` in a child process from the source (TypeScript through tsx, so a test needs no
 * build; `npm run ...` runs the same entry compiled, from server/dist: docs/decisions/512),
 * without blocking this process: loopback servers a test runs here keep answering the child. Past its
 * deadline the child is killed and `done` rejects with what it wrote, so a hanging CLI fails the run.
 */
export function startCli(script: string, args: string[], env: NodeJS.ProcessEnv, options: CliOptions = {}): RunningCli {
  return startSource(`cli/${script}`, args, env, options);
}

/** Starts `server/src/<file>` as startCli does: a CLI, or the server itself (`main.ts`). */
export function startSource(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  { timeoutMs = CLI_TIMEOUT_MS }: CliOptions = {},
): RunningCli {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(ROOT, 'server/src', file), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  const done = new Promise<CliResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `${[file, ...args].join(' ')} did not finish within ${timeoutMs} ms and was killed.\n` +
            `stdout so far:\n${stdout || '(nothing)'}\nstderr so far:\n${stderr || '(nothing)'}`,
        ),
      );
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
  });
  // Handled here too, so a deadline passing after a test stopped waiting (it failed first) is no unhandled rejection.
  done.catch(() => {});
  return { child, output: () => ({ stdout, stderr }), done };
}

/** Runs a CLI to its end (see startCli): its exit status and everything it wrote. */
export function runCli(script: string, args: string[], env: NodeJS.ProcessEnv, options: CliOptions = {}): Promise<CliResult> {
  return startCli(script, args, env, options).done;
}
