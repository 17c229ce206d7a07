/**
 * Engine ingest benchmark: 250 generated sources x 40 items on loopback servers, ingested cold (every item
 * new: parse, normalize, cluster, classify, summarize, store) and warm (every feed answers 304), into a
 * fresh SQLite file. Baseline in the same run: plain fetch() of the same 250 feeds with no processing, so
 * the warm figure reads as a ratio of the network floor.
 *
 * Memory: the cold pass also runs as `npm run ingest -- --sources FILE` does (compiled, package.json's node
 * flags, its own process) over 125, 250 and 500 x 40 feeds (BENCH_PASS_SOURCES), printing each process's peak
 * RSS and CPU time: the in-process peak counts this benchmark's feed servers, ORM and tsx. docs/decisions/514. The
 * schema is created first by a run on an empty catalogue, so the row measures the pass (docs/decisions/531).
 * BENCH_PASS_ONLY=1 runs only those process rows (docs/decisions/516); BENCH_PASS_FLAGS adds node flags to them
 * (`--cpu-prof --cpu-prof-dir=DIR` to profile the pass).
 *
 * Run alone: node --conditions=source --import tsx bench/engine.ts   (or `npm run bench -- engine`)
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEngine } from '../server/src/engine/engine.js';
import type { CatalogEntry } from '../server/src/engine/sources/catalog.js';
import { ManualClock } from '../server/src/lib/clock.js';
import { openTestOrm, testEngineConfig } from '../server/test/engine/support.js';

const SOURCES = Number(process.env.BENCH_SOURCES ?? 250);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 40);
const SERVERS = 25;
/** Catalogue sizes (sources, each with ITEMS items) whose cold pass runs as `npm run ingest` does, in its own process. */
const PASS_SOURCES = (process.env.BENCH_PASS_SOURCES ?? `${SOURCES / 2},${SOURCES},${SOURCES * 2}`).split(',').map(Number);
const ROOT = path.resolve(import.meta.dirname, '..');
/** BENCH_PASS_ONLY=1: only the `npm run ingest` process rows (no in-process cold and warm passes). */
const PASS_ONLY = process.env.BENCH_PASS_ONLY === '1';
const NOW = new Date('2026-11-20T12:00:00Z');

const COMPANIES = [
  'Equinix',
  'Digital Realty',
  'NTT DATA',
  'Iron Mountain',
  'CyrusOne',
  'Vantage',
  'STACK',
  'Aligned',
  'QTS',
  'Switch',
  'CoreWeave',
  'Nscale',
  'AirTrunk',
  'Princeton Digital',
  'Yondr',
  'Pure DC',
  'Global Switch',
  'Colt DCS',
  'Data4',
  'Scala',
];
const CITIES = [
  'Frankfurt',
  'London',
  'Amsterdam',
  'Paris',
  'Dublin',
  'Madrid',
  'Milan',
  'Warsaw',
  'Stockholm',
  'Oslo',
  'Tokyo',
  'Osaka',
  'Singapore',
  'Sydney',
  'Mumbai',
  'Johannesburg',
  'Virginia',
  'Texas',
  'Phoenix',
  'Chicago',
];
const WORDS =
  'capacity campus substation cooling liquid rack hall phase tenant hyperscale grid permit turbine battery fiber route module chiller generator transformer contract lease acreage building floor network carrier exchange operator developer investor utility council region county district'.split(
    ' ',
  );

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return s / 0x100000000;
  };
}

/**
 * One generated article: its title, paragraphs and publication, and the event it reports (a third retell one of
 * 400 shared events). Also a set of the pair model's fit (bench/real-news/fit-pairs.ts): one company's projects
 * in one city with other figures are other events.
 */
export function generatedArticle(sourceIndex: number, i: number) {
  const r = rng(sourceIndex * 1000 + i);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
  // A third of the items retell one of 400 shared events, so stories gather several sources as in real news.
  const shared = r() < 0.33;
  const eventSeed = shared ? 7_000_000 + Math.floor(r() * 400) : sourceIndex * 1000 + i + 1_000_000;
  const e = rng(eventSeed);
  const ePick = <T>(list: T[]) => list[Math.floor(e() * list.length)]!;
  const company = ePick(COMPANIES);
  const city = ePick(CITIES);
  const mw = 10 + Math.floor(e() * 490);
  const money = 50 + Math.floor(e() * 1950);
  const sentences = [
    `${company} will build a ${mw} MW data center in ${city} for $${money} million, the company said on ${pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])}.`,
    `The first phase of the ${city} campus opens in ${2027 + Math.floor(e() * 3)} with ${Math.floor(mw / 4)} MW of IT load.`,
  ];
  for (let k = 0; k < 6; k++)
    sentences.push(
      `The ${pick(WORDS)} ${pick(WORDS)} at ${city} covers ${Math.floor(r() * 900 + 10)} ${pick(WORDS)}s and ${Math.floor(r() * 90 + 2)} ${pick(WORDS)}s, according to ${pick(COMPANIES)} filing ${sourceIndex}-${i}-${k}.`,
    );
  if (r() < 0.3) sentences.push(`Analysts say this could change the ${pick(WORDS)} market.`);
  const published = new Date(NOW.getTime() - Math.floor(r() * 20 * 3600_000));
  return { title: `${company} plans ${mw} MW ${city} data center (${sourceIndex}/${i})`, sentences, published, event: `e${eventSeed}` };
}

function item(sourceIndex: number, i: number, base: string): string {
  const { title, sentences, published } = generatedArticle(sourceIndex, i);
  return `<item><title>${title}</title><link>${base}/s${sourceIndex}/articles/${i}?utm_source=rss</link><guid>s${sourceIndex}-${i}</guid><pubDate>${published.toUTCString()}</pubDate><description><![CDATA[${sentences.map((s) => `<p>${s}</p>`).join('')}]]></description></item>`;
}

async function startFeedServers(sources = SOURCES, items = ITEMS) {
  const servers: http.Server[] = [];
  const feeds = new Map<string, { body: string; etag: string }>();
  const urls: string[] = [];
  for (let s = 0; s < SERVERS; s++) {
    const server = http.createServer((req, res) => {
      const feed = feeds.get(`${s}:${req.url}`);
      if (!feed) return res.writeHead(404).end();
      if (req.headers['if-none-match'] === feed.etag) return res.writeHead(304, { etag: feed.etag }).end();
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: feed.etag }).end(feed.body);
    });
    // A busy machine may leave a kept-alive socket idle past Node's 5 s: a feed must not fail because the server hung up.
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  for (let i = 0; i < sources; i++) {
    const s = i % SERVERS;
    const base = `http://127.0.0.1:${(servers[s]!.address() as AddressInfo).port}`;
    const body = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Bench ${i}</title><link>${base}/</link><description>bench</description>${Array.from({ length: items }, (_, k) => item(i, k, base)).join('')}</channel></rss>`;
    feeds.set(`${s}:/feed/${i}.xml`, { body, etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 12)}"` });
    urls.push(`${base}/feed/${i}.xml`);
  }
  return {
    urls,
    bytes: [...feeds.values()].reduce((n, f) => n + Buffer.byteLength(f.body), 0),
    close: () => Promise.all(servers.map((sv) => new Promise((resolve) => (sv.closeAllConnections(), sv.close(resolve))))),
  };
}

function memorySampler() {
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 25);
  return { stop: () => (clearInterval(timer), { peakRss, peakHeap }) };
}

/** What a cold pass run by the ingest CLI in its own process came to. */
interface PassProcess {
  ms: number;
  /** CPU time of the process (user + system). */
  cpuMs: number;
  peakRss: number;
  articles: number;
  stories: number;
  skipped: number;
}

/**
 * The node flags and script of `npm run ingest` (package.json), so the pass is measured as operators run it:
 * compiled, with the CLI's V8 flags, in a process holding nothing but the pass (not this benchmark's feed
 * servers, ORM and tsx).
 */
function ingestCommand(): { flags: string[]; script: string } {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const command = scripts.ingest!.split('&&').at(-1)!.trim().split(/\s+/);
  if (command[0] !== 'node') throw new Error(`npm run ingest does not end with a node command: ${scripts.ingest}`);
  return { flags: command.slice(1, -1), script: path.join(ROOT, command.at(-1)!) };
}

/**
 * A cold pass of `npm run ingest -- --sources` over `sources` x ITEMS loopback feeds into a new SQLite file, its
 * schema created first by a run of the same CLI with no sources (as `npm start` or any CLI does once on a new
 * install): the row measures the pass, every item new, not the one-time migration (docs/decisions/531).
 */
async function passProcess(sources: number): Promise<PassProcess> {
  const feeds = await startFeedServers(sources, ITEMS);
  const dir = mkdtempSync(path.join(tmpdir(), 'dcbrief-bench-pass-'));
  try {
    const catalogFile = path.join(dir, 'catalog.json');
    writeFileSync(catalogFile, JSON.stringify(catalogOf(feeds.urls)));
    const { flags: cliFlags, script } = ingestCommand();
    // BENCH_PASS_FLAGS: more node flags for the measured pass, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to see where it goes.
    const flags = [...cliFlags, ...(process.env.BENCH_PASS_FLAGS?.split(/\s+/).filter(Boolean) ?? [])];
    const env = {
      ...process.env,
      NODE_OPTIONS: '',
      DATA_DIR: dir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      INGEST_TIMEOUT_MS: '30000',
      INGEST_MAX_ITEMS_PER_FEED: String(ITEMS),
      INGEST_INTERVAL_MINUTES: '0',
    };
    const emptyCatalog = path.join(dir, 'empty.json');
    writeFileSync(emptyCatalog, '[]');
    execFileSync(process.execPath, [...flags, script, '--sources', emptyCatalog], { cwd: ROOT, env, stdio: 'ignore' });
    // The peak resident set of the CLI's own process (VmHWM; getrusage would count the forked parent's pages).
    const peakProbe = path.join(ROOT, 'bench/peak-rss.mjs');
    const started = performance.now();
    const child = spawn(process.execPath, [...flags, '--import', peakProbe, script, '--sources', catalogFile], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const ms = performance.now() - started;
    // BENCH_PASS_OUTPUT=FILE: the pass's own output (its report, and what a BENCH_PASS_FLAGS probe writes) kept.
    if (process.env.BENCH_PASS_OUTPUT) writeFileSync(process.env.BENCH_PASS_OUTPUT, `${stdout}\n${stderr}`);
    const count = (what: string) => Number(new RegExp(`^${what}\\s+(\\d+)\\s*$`, 'm').exec(stdout)?.[1] ?? NaN);
    const peak = /^@peak-rss (\d+)$/m.exec(stderr);
    if (code !== 0 || !peak || count('  ok \\(new content\\)') !== sources)
      throw new Error(`npm run ingest exited with ${code}, not every feed ok:\n${stdout}\n${stderr}`);
    return {
      ms,
      cpuMs: Number(/^@cpu-ms (\d+)$/m.exec(stderr)?.[1] ?? NaN),
      peakRss: Number(peak[1]),
      articles: count('new articles'),
      stories: count('new stories'),
      skipped: count('items skipped'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await feeds.close();
  }
}

function catalogOf(urls: string[]): CatalogEntry[] {
  return urls.map((feedUrl, i) => ({
    id: `bench-${i}`,
    name: `Bench source ${i}`,
    siteUrl: new URL('/', feedUrl).toString(),
    feedUrl,
    kind: 'news',
    language: 'en',
    country: 'US',
    categories: ['infrastructure'],
    weight: 1,
  }));
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

export async function benchEngine(): Promise<Array<Record<string, string>>> {
  const rows = PASS_ONLY ? [] : await inProcess();
  // As `npm run ingest` does: the CLIs run from the compiled server, built when a source is newer.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-server-build.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const passes: Array<{ sources: number; pass: PassProcess }> = [];
  for (const sources of [...new Set(PASS_SOURCES)].sort((a, b) => a - b)) passes.push({ sources, pass: await passProcess(sources) });
  const at = passes.find((p) => p.sources === SOURCES);
  for (const { sources, pass } of passes) {
    let target = '-';
    if (sources === SOURCES) target = pass.peakRss <= 150 * 1024 * 1024 ? '<= 150 MB: met' : '<= 150 MB: MISSED';
    else if (at && sources > SOURCES) {
      const growth = pass.peakRss / at.pass.peakRss;
      const size = sources / SOURCES;
      // The ratio is sublinear as long as the process's fixed part (code, lexicons, ORM) dominates; the slope is what the pass adds per source.
      const slope = (pass.peakRss - at.pass.peakRss) / (sources - SOURCES) / 1024 / 1024;
      target = `${size}x sources, ${growth.toFixed(2)}x peak (+${slope.toFixed(2)} MB a source): ${growth < size ? 'sublinear' : 'NOT sublinear'}`;
    }
    rows.push({
      run: `cold pass by npm run ingest, own process, ${sources} x ${ITEMS}`,
      seconds: (pass.ms / 1000).toFixed(2),
      'articles/s': (pass.articles / (pass.ms / 1000)).toFixed(0),
      result: `peak rss ${mb(pass.peakRss)}, cpu ${(pass.cpuMs / 1000).toFixed(1)} s: ${pass.articles} articles, ${pass.stories} stories, ${pass.skipped} items skipped (process start to exit)`,
      target,
    });
  }
  return rows;
}

/** Cold and warm passes timed inside this process, against the raw fetch of the same feeds. */
async function inProcess(): Promise<Array<Record<string, string>>> {
  const feeds = await startFeedServers();
  const db = await openTestOrm();
  try {
    const catalog = catalogOf(feeds.urls);
    const clock = new ManualClock(NOW);
    const engine = createEngine(db.orm, testEngineConfig({ INGEST_TIMEOUT_MS: '30000', INGEST_MAX_ITEMS_PER_FEED: String(ITEMS) }), {
      clock,
    });
    await engine.syncCatalog(catalog);

    let t = performance.now();
    await Promise.all(feeds.urls.map(async (u) => (await fetch(u)).text()));
    const rawMs = performance.now() - t;

    const mem = memorySampler();
    t = performance.now();
    const cold = await engine.ingest();
    const coldMs = performance.now() - t;
    clock.advance(60_000);
    t = performance.now();
    const warm = await engine.ingest();
    const warmMs = performance.now() - t;
    const peak = mem.stop();

    if (cold.ok !== SOURCES || warm.notModified !== SOURCES)
      throw new Error(`unexpected outcome: cold ok ${cold.ok}, warm 304 ${warm.notModified}`);
    const row = (name: string, ms: number, articles: number, extra: string, target: string) => ({
      run: name,
      seconds: (ms / 1000).toFixed(2),
      'articles/s': articles ? (articles / (ms / 1000)).toFixed(0) : '-',
      result: extra,
      target,
    });
    return [
      row(`raw fetch of ${SOURCES} feeds, no processing (baseline)`, rawMs, 0, `${mb(feeds.bytes)} of XML`, '-'),
      row(
        `cold ingest ${SOURCES} x ${ITEMS}`,
        coldMs,
        cold.newArticles,
        `${cold.newArticles} articles, ${cold.storiesCreated} stories (fetch+parse ${cold.timings.fetchMs} ms, store ${cold.timings.storeMs} ms, stories ${cold.timings.storiesMs} ms of which clustering ${cold.timings.clusterMs} ms, entities ${cold.timings.entitiesMs} ms)`,
        coldMs <= 30_000 ? '<= 30 s: met' : '<= 30 s: MISSED',
      ),
      row(
        'warm ingest (all 304)',
        warmMs,
        0,
        `${warm.notModified} not modified, ${(warmMs / rawMs).toFixed(1)}x raw fetch`,
        warmMs <= 3_000 ? '<= 3 s: met' : '<= 3 s: MISSED',
      ),
      {
        run: 'peak memory of this process (feed servers, ORM, tsx, both ingests)',
        seconds: '-',
        'articles/s': '-',
        result: `rss ${mb(peak.peakRss)}, heap ${mb(peak.peakHeap)}`,
        target: '-',
      },
    ];
  } finally {
    await db.close();
    await feeds.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchEngine();
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r as Record<string, string>)[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`engine ingest on Node ${process.version}\n`);
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(columns.map((c) => (r as Record<string, string>)[c]!)));
}
