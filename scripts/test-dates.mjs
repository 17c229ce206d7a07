// The whole suite again with the date moved and in other time zones (decision 013), so no test passes only
// near the day it was written: the day before the newest date a test pins (Los Angeles), 30 days after today
// (Auckland) and 400 days after today (UTC). Each run is the README's test run (scripts/run-tests.mjs) under
// Debian's faketime; `npm run test:dates -- --variant 30d server/test/delivery` runs one variant on some files.
//
// What faketime cannot move, and how the suite keeps one clock anyway:
// - file modification times are the kernel's: a test that needs a file of some age stamps it (utimes) on its
//   own clock;
// - the throwaway PostgreSQL clusters run outside faketime (server/test/support/postgres.ts): a database
//   server under it never detects a deadlock, which is faketime's doing, not the product's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DAY = 24 * 3600_000;

/**
 * The newest instant a test pins its clock to, up to today: the latest ISO date-time not after the real now on a
 * line of a test or a test's support code that sets a clock or a `now` (values such as a card's renewal date in
 * 2030 are data, not a clock; a pin already in the future is run "before" anyway). A day before it, the tests
 * written on the day of that pin see a real clock behind theirs.
 */
function newestPinnedDate() {
  let newest = 0;
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && (/\.test\.tsx?$/.test(name) || /[/\\](test|e2e)[/\\]/.test(full)))
        for (const line of readFileSync(full, 'utf8').split('\n'))
          if (/now|clock|NOW|Clock|_HOUR|DAY\b/.test(line))
            for (const [iso] of line.matchAll(/\b20\d\d-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?Z/g))
              if (Date.parse(iso) <= Date.now()) newest = Math.max(newest, Date.parse(iso));
    }
  };
  for (const dir of ['shared/src', 'server/src', 'server/test', 'e2e', 'web/src', 'desktop/src']) walk(path.join(root, dir));
  if (!newest) throw new Error('no pinned date found in the tests');
  return new Date(newest);
}

/**
 * faketime's relative form, an offset in seconds from the real now: every process of the run (the test runner,
 * each test file, the CLIs and children a test starts) moves by the same offset and so agrees on the time. The
 * absolute form ("@2026-11-25 06:05:00") would start each new process at that instant again, behind its parent.
 */
const offsetTo = (date) => {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  return seconds < 0 ? String(seconds) : `+${seconds}`;
};

const variants = [
  { id: 'before', faketime: () => offsetTo(new Date(newestPinnedDate().getTime() - DAY)), tz: 'America/Los_Angeles' },
  { id: '30d', faketime: () => offsetTo(new Date(Date.now() + 30 * DAY)), tz: 'Pacific/Auckland' },
  { id: '400d', faketime: () => offsetTo(new Date(Date.now() + 400 * DAY)), tz: 'UTC' },
];

const args = process.argv.slice(2);
const only = args.includes('--variant') ? args[args.indexOf('--variant') + 1] : null;
const files = args.filter((a, i) => a !== '--variant' && args[i - 1] !== '--variant');
const chosen = variants.filter((v) => !only || v.id === only);
if (!chosen.length) {
  console.error(`No variant "${only}": choose one of ${variants.map((v) => v.id).join(', ')}.`);
  process.exit(2);
}

const faketime = ['/usr/bin/faketime', '/usr/local/bin/faketime'].find((p) => existsSync(p));
if (!faketime) {
  console.error("test:dates needs Debian's faketime: apt-get install faketime (.ci/run installs it).");
  process.exit(1);
}

const results = [];
for (const variant of chosen) {
  const spec = variant.faketime();
  const from = new Date(Date.now() + Number(spec) * 1000).toISOString().slice(0, 16);
  console.log(`\n=== test:dates ${variant.id}: faketime ${spec} (from ${from}Z), TZ=${variant.tz} ===\n`);
  // The web app is built on the same clock as the tests that load it: its prerendered page holds the year.
  const build = spawnSync(faketime, ['-f', spec, 'npm', 'run', 'build', '-w', 'web'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, TZ: variant.tz },
  });
  if (build.status !== 0) {
    results.push({ ...variant, spec, from, passed: false, failures: ['npm run build -w web failed (see its output above)'] });
    continue;
  }
  // What failed in this variant, to repeat in the summary at the end of the log.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'test-dates-'));
  const failuresFile = path.join(scratch, 'failures.txt');
  const run = spawnSync(faketime, ['-f', spec, process.execPath, path.join(root, 'scripts/run-tests.mjs'), ...files], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, TZ: variant.tz, RUN_TESTS_FAILURES: failuresFile },
  });
  const failures = existsSync(failuresFile) ? readFileSync(failuresFile, 'utf8').split('\n').filter(Boolean) : [];
  rmSync(scratch, { recursive: true, force: true });
  results.push({ ...variant, spec, from, passed: run.status === 0, failures });
}
console.log('\ntest:dates');
for (const r of results) {
  console.log(`  ${r.passed ? 'passed' : 'FAILED'}  ${r.id.padEnd(7)} faketime ${r.spec} (from ${r.from}Z), TZ=${r.tz}`);
  for (const f of r.failures ?? []) console.log(`          ${f}`);
}
process.exit(results.every((r) => r.passed) ? 0 : 1);
