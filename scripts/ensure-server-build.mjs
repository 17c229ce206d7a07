// The operator CLIs run from the compiled server (server/dist), not through tsx: Node starts them in a fraction
// of the time (docs/decisions/512-clis-from-the-compiled-build.md). This builds shared and server first when the
// build is missing or older than a source file, so `npm run ingest -- --help` works on a fresh clone after
// `npm install` and after every edit; otherwise it only compares modification times (a few milliseconds).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'server/dist/.build-stamp');
const inputs = [
  'shared/src',
  'shared/package.json',
  'shared/tsconfig.json',
  'server/src',
  'server/package.json',
  'server/tsconfig.json',
  'tsconfig.base.json',
];

function newestMtime(file) {
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows as a newer directory
  for (const name of readdirSync(file)) {
    if (name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(file, name)));
  }
  return newest;
}

function upToDate() {
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return inputs.every((input) => !existsSync(path.join(root, input)) || newestMtime(path.join(root, input)) <= built);
}

if (process.argv.includes('--built')) {
  // `npm run build` has just built shared and server: record it, so the first CLI run does not build again.
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
} else if (!upToDate()) {
  const started = Date.now();
  // shared is a composite project: with its build info left behind and its output gone, tsc would emit nothing.
  if (!existsSync(path.join(root, 'shared/dist/index.js'))) rmSync(path.join(root, 'shared/tsconfig.tsbuildinfo'), { force: true });
  process.stderr.write('Building the server for the CLIs (shared, server)... ');
  for (const workspace of ['shared', 'server']) {
    execFileSync('npm', ['run', '--silent', 'build', '-w', workspace], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  process.stderr.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
