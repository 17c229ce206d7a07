/**
 * Engine ingest benchmark: 250 generated sources x 40 items on loopback servers, ingested cold (every item
 * new: parse, normalize, cluster, classify, summarize, store) and warm (every feed answers 304), into a
 * fresh SQLite file. Baseline in the same run: plain fetch() of the same 250 feeds with no processing, so
 * the warm figure reads as a ratio of the network floor.
 *
 * Run alone: node --conditions=source --import tsx bench/engine.ts   (or `npm run bench -- engine`)
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEngine } from '../server/src/engine/engine.js';
import type { CatalogEntry } from '../server/src/engine/sources/catalog.js';
import { ManualClock } from '../server/src/lib/clock.js';
import { openTestOrm, testEngineConfig } from '../server/test/engine/support.js';

const SOURCES = Number(process.env.BENCH_SOURCES ?? 250);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 40);
const SERVERS = 25;
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

function item(sourceIndex: number, i: number, base: string): string {
  const r = rng(sourceIndex * 1000 + i);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
  // A third of the items retell one of 400 shared events, so stories gather several sources as in real news.
  const shared = r() < 0.33;
  const e = rng(shared ? 7_000_000 + Math.floor(r() * 400) : sourceIndex * 1000 + i + 1_000_000);
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
  const published = new Date(NOW.getTime() - Math.floor(r() * 20 * 3600_000)).toUTCString();
  return `<item><title>${company} plans ${mw} MW ${city} data center (${sourceIndex}/${i})</title><link>${base}/s${sourceIndex}/articles/${i}?utm_source=rss</link><guid>s${sourceIndex}-${i}</guid><pubDate>${published}</pubDate><description><![CDATA[${sentences.map((s) => `<p>${s}</p>`).join('')}]]></description></item>`;
}

async function startFeedServers() {
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
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  for (let i = 0; i < SOURCES; i++) {
    const s = i % SERVERS;
    const base = `http://127.0.0.1:${(servers[s]!.address() as AddressInfo).port}`;
    const body = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Bench ${i}</title><link>${base}/</link><description>bench</description>${Array.from({ length: ITEMS }, (_, k) => item(i, k, base)).join('')}</channel></rss>`;
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

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

export async function benchEngine(): Promise<Array<Record<string, string>>> {
  const feeds = await startFeedServers();
  const db = await openTestOrm();
  try {
    const catalog: CatalogEntry[] = feeds.urls.map((feedUrl, i) => ({
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
        `${cold.newArticles} articles, ${cold.storiesCreated} stories (fetch+parse ${cold.timings.fetchMs} ms, store ${cold.timings.storeMs} ms, stories ${cold.timings.storiesMs} ms of which clustering ${cold.timings.clusterMs} ms)`,
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
        run: 'peak memory during ingests',
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
