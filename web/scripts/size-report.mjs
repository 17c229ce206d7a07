// Prints the built web app's JavaScript sizes: what the landing page downloads before it can run
// (the entry chunk and everything it imports statically), and every lazily loaded chunk.
// Run after `npm run build -w web`: `npm run size -w web` (add --json for a machine-readable line).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LANDING_BUDGET_GZIP_BYTES = 90 * 1024;

const distDir = path.resolve(import.meta.dirname, '../dist');

function loadManifest() {
  try {
    return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  } catch {
    console.error('No build manifest at web/dist/.vite/manifest.json: run `npm run build -w web` first.');
    process.exit(1);
  }
}

function sizes(file) {
  const bytes = readFileSync(path.join(distDir, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The entry's file plus its static imports, transitively: what the browser must fetch before the page runs. */
function initialFiles(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) initialFiles(manifest, imported, seen);
  return seen;
}

const manifest = loadManifest();
// index.html is '/' (the landing page); app.html, every other page, has its own entry (docs/decisions/530).
const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
const initial = [...initialFiles(manifest, entryKey)].filter((file) => file.endsWith('.js'));
const lazy = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && !initial.includes(file));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [];
let initialGzip = 0;
let initialRaw = 0;
for (const file of initial) {
  const s = sizes(file);
  initialGzip += s.gzip;
  initialRaw += s.raw;
  rows.push({ chunk: file, loaded: 'initial', raw: kb(s.raw), gzip: kb(s.gzip) });
}
for (const file of [...new Set(lazy)].sort()) {
  const s = sizes(file);
  rows.push({ chunk: file, loaded: 'on demand', raw: kb(s.raw), gzip: kb(s.gzip) });
}

// The waitlist dialog (Sign In, Start Free Trial) is fetched when the landing page is idle: not part of the
// initial budget, but reported so a visitor's first interaction stays cheap too.
const dialogKeys = Object.keys(manifest).filter((key) => /waitlist-dialog/.test(key));
const dialogFiles = [...new Set(dialogKeys.flatMap((key) => [...initialFiles(manifest, key)]))].filter(
  (file) => file.endsWith('.js') && !initial.includes(file),
);
const dialogGzip = dialogFiles.reduce((sum, file) => sum + sizes(file).gzip, 0);

const withinBudget = initialGzip <= LANDING_BUDGET_GZIP_BYTES;
const json = process.argv.includes('--json');
if (json) {
  console.log(
    JSON.stringify({
      landingInitialJsGzipBytes: initialGzip,
      landingInitialJsRawBytes: initialRaw,
      waitlistDialogGzipBytes: dialogGzip,
      budgetGzipBytes: LANDING_BUDGET_GZIP_BYTES,
      withinBudget,
    }),
  );
} else {
  console.table(rows);
  console.log(
    `Landing route initial JS: ${kb(initialGzip)} gzipped (${kb(initialRaw)} raw); budget ${kb(LANDING_BUDGET_GZIP_BYTES)}: ${withinBudget ? 'within' : 'OVER'}`,
  );
  console.log(`Waitlist dialog, fetched when the page is idle: ${kb(dialogGzip)} gzipped more`);
}
// --json reports (the benchmark prints the verdict); the plain run is a gate for scripts and CI.
process.exit(withinBudget || json ? 0 : 1);
