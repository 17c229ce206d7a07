// Runs every test of every workspace: node:test files (*.test.ts) of shared, server and e2e
// through tsx, then each workspace's own "test" script where it has one (the web app's and the desktop's Vitest tests).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_ENDED_BADLY } from './failures-reporter.mjs';

const root = path.resolve(import.meta.dirname, '..');
// desktop/ has its own runner (Vitest, its workspace's test script), so its *.test.ts files are not node:test ones.
const nodeTestRoots = ['shared/src', 'server/src', 'server/test', 'e2e'];
const only = process.argv.slice(2);

function find(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) find(full, out);
    else if (/\.test\.tsx?$/.test(name)) out.push(path.relative(root, full));
  }
  return out;
}

let files = nodeTestRoots.flatMap((dir) => find(path.join(root, dir))).sort();
if (only.length) files = files.filter((f) => only.some((o) => f.includes(o)));

// Deadlines, so a hung test fails the run instead of hanging CI: each test at most 10 minutes (node:test's own
// timeout fails it and goes on), the whole node:test run 40 minutes, a workspace's own tests 15.
const TEST_TIMEOUT_MS = 10 * 60_000;
const RUN_TIMEOUT_MS = 40 * 60_000;
const WORKSPACE_TIMEOUT_MS = 15 * 60_000;

/** Runs a command to its end or its deadline; true when it passed. */
function passes(command, args, timeout) {
  const run = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test' },
    timeout,
    killSignal: 'SIGKILL',
  });
  if (run.error?.code === 'ETIMEDOUT')
    console.error(`\n${[command, ...args].join(' ').slice(0, 200)}: still running after ${timeout / 60_000} minutes, stopped`);
  return run.status === 0;
}

/** What failed, repeated at the end of the run (and written to RUN_TESTS_FAILURES when set, for test:dates). */
const failures = [];
/** Files that ended badly in the full run and passed when run again alone: said at the end, not failures. */
const passedAlone = [];

/**
 * Runs node:test files; the failures' lines (one per failed test, a crashed file's last output indented under it)
 * and the files that ended badly with no failed test of their own (their process exited, or their report was cut).
 */
function runNodeTests(testFiles, concurrency) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'run-tests-'));
  const failedTests = path.join(scratch, 'failed.txt');
  const args = [
    '--conditions=source',
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${TEST_TIMEOUT_MS}`,
  ];
  const reporters = [
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${path.join(root, 'scripts/failures-reporter.mjs')}`,
    `--test-reporter-destination=${failedTests}`,
  ];
  const out = { passed: true, lines: [], endedBadly: [] };
  if (!passes(process.execPath, [...args, ...reporters, ...testFiles], RUN_TIMEOUT_MS)) {
    out.passed = false;
    try {
      out.lines = readFileSync(failedTests, 'utf8').split('\n').filter(Boolean);
    } catch {
      // No file: the run stopped before its reporters ran (its own output says why).
    }
    for (const line of out.lines)
      if (line.startsWith(FILE_ENDED_BADLY)) out.endedBadly.push(line.slice(FILE_ENDED_BADLY.length).split(' > ')[0]);
  }
  rmSync(scratch, { recursive: true, force: true });
  return out;
}

/** Failure lines as the end of the run lists them: a line that starts with a space continues the one above it. */
function listed(lines) {
  const out = [];
  for (const line of lines) {
    if (/^\s/.test(line) && out.length) out[out.length - 1] += `\n  ${line}`;
    else out.push(`node:test ${line.startsWith(FILE_ENDED_BADLY) ? line.slice(FILE_ENDED_BADLY.length) : line}`);
  }
  return out;
}

if (files.length) {
  const run = runNodeTests(files, 2);
  if (!run.passed) {
    // A file that ended badly with no failed test of its own (a child process cut short, a report stream Node's runner
    // could not read: nodejs/node#64061) runs once more, alone. It passes then: said at the end; it fails again: a failure.
    const again = run.endedBadly.length ? runNodeTests(run.endedBadly, 1) : undefined;
    const fileOf = (line) => (line.startsWith(FILE_ENDED_BADLY) ? line.slice(FILE_ENDED_BADLY.length) : line).split(' > ')[0];
    const failedAgain = new Set((again?.lines ?? []).filter((l) => !/^\s/.test(l)).map(fileOf));
    const retried = new Set(again?.lines.length || again?.passed ? run.endedBadly.filter((f) => !failedAgain.has(f)) : []);
    const kept = [];
    let skipping = false;
    for (const line of run.lines) {
      if (!/^\s/.test(line)) skipping = line.startsWith(FILE_ENDED_BADLY) && retried.has(fileOf(line));
      if (skipping) {
        if (!/^\s/.test(line)) passedAlone.push(line.slice(FILE_ENDED_BADLY.length));
        else passedAlone[passedAlone.length - 1] += `\n  ${line}`;
      } else kept.push(line);
    }
    failures.push(...listed(kept));
    if (again && !again.passed) failures.push(...listed(again.lines).map((l) => l.replace(/^node:test /, 'node:test (run again alone) ')));
    if (!run.lines.length) failures.push('node:test run failed (see its output above)');
  }
}

// Every workspace runs even when an earlier part failed: the run reports all that fails at once.
if (!only.length) {
  for (const ws of JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces) {
    const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
    if (!pkg.scripts?.test) continue;
    if (!passes('npm', ['run', 'test', '-w', ws], WORKSPACE_TIMEOUT_MS))
      failures.push(`${ws}: npm run test -w ${ws} failed (see its output above)`);
  }
}
if (passedAlone.length)
  console.error(
    `\nrun-tests: ${passedAlone.length} file(s) ended badly in the full run with no failed test, and passed when run again alone:\n${passedAlone.map((f) => `  ${f}`).join('\n')}`,
  );
if (failures.length) {
  console.error(`\nrun-tests: ${failures.length} failed\n${failures.map((f) => `  ${f}`).join('\n')}`);
  if (process.env.RUN_TESTS_FAILURES) writeFileSync(process.env.RUN_TESTS_FAILURES, failures.join('\n') + '\n');
}
process.exit(failures.length ? 1 : 0);
