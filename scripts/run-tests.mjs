// Runs every test of every workspace: node:test files (*.test.ts) of shared, server, desktop and e2e
// through tsx, then each workspace's own "test" script where it has one (the web app's component tests).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const nodeTestRoots = ['shared/src', 'server/src', 'server/test', 'desktop/src', 'desktop/test', 'e2e'];
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

let failed = false;
if (files.length) {
  const run = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
    { stdio: 'inherit', cwd: root, env: { ...process.env, NODE_ENV: 'test' } },
  );
  failed ||= run.status !== 0;
}

if (!only.length) {
  for (const ws of JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces) {
    const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
    if (!pkg.scripts?.test) continue;
    const run = spawnSync('npm', ['run', 'test', '-w', ws], { stdio: 'inherit', cwd: root, env: { ...process.env, NODE_ENV: 'test' } });
    failed ||= run.status !== 0;
  }
}
process.exit(failed ? 1 : 0);
