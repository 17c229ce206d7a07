/**
 * npm run bench: every benchmark of the repo against the real code, printed as tables.
 * Run some with `npm run bench -- api web` (names: api, web, engine, delivery).
 */
import { benchApi } from './api.js';
import { benchDelivery } from './delivery.js';
import { benchEngine } from './engine.js';
import { benchWeb } from './web.js';

type Bench = () => Promise<Array<Record<string, string>>>;
const benches: Record<string, Bench> = { api: benchApi, web: benchWeb, engine: benchEngine, delivery: benchDelivery };

function print(name: string, rows: Array<Record<string, string>>) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\n## ${name}\n`);
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(columns.map((c) => r[c] ?? '')));
}

const only = process.argv.slice(2);
console.log(`DC Brief benchmarks on Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
for (const [name, bench] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  print(name, await bench());
}
