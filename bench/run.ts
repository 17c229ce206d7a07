/**
 * npm run bench: every benchmark of the repo against the real code, printed as tables.
 * Run some with `npm run bench -- api web` (names: api, web, engine, entities, delivery, audio, quality, feeds, sign-in).
 * The entities benchmark reads bench/real-news/entity-labels.json, or the file ENTITY_LABELS names.
 * The quality benchmark takes `--set DIR` (repeatable) and `--verbose`: `npm run bench -- quality --set /path/to/set`.
 * The feeds benchmark takes `--corpus DIR` (the feedparser test feeds) and `--verbose`.
 * The audio benchmark takes `--subscribers N` (default 1000; the figure: `npm run bench -- audio --subscribers 10000`).
 */
import { parseArgs } from 'node:util';
import { benchApi } from './api.js';
import { benchAudio } from './audio.js';
import { benchDelivery } from './delivery.js';
import { benchEngine } from './engine.js';
import { benchEntities } from './entities.js';
import { benchFeeds } from './feeds.js';
import { benchQuality } from './quality.js';
import { benchSignInTiming } from './sign-in-timing.js';
import { benchWeb } from './web.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    set: { type: 'string', multiple: true },
    corpus: { type: 'string' },
    subscribers: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

type Bench = () => Promise<Array<Record<string, string>>>;
const benches: Record<string, Bench> = {
  api: benchApi,
  web: benchWeb,
  engine: benchEngine,
  entities: () => benchEntities({ verbose: values.verbose, set: values.set }),
  delivery: benchDelivery,
  feeds: () => benchFeeds({ corpus: values.corpus, verbose: values.verbose }),
  audio: () => benchAudio({ subscribers: values.subscribers ? Number(values.subscribers) : undefined }),
  quality: () => benchQuality({ set: values.set, verbose: values.verbose }),
  'sign-in': benchSignInTiming,
};

function print(name: string, rows: Array<Record<string, string>>) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\n## ${name}\n`);
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(columns.map((c) => r[c] ?? '')));
}

const unknown = positionals.filter((p) => !(p in benches));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; the benchmarks are ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
console.log(`DC Brief benchmarks on Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
for (const [name, bench] of Object.entries(benches)) {
  if (positionals.length && !positionals.includes(name)) continue;
  print(name, await bench());
}
