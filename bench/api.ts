/**
 * API throughput against a raw Koa baseline in the same run, so the figure survives a noisy machine:
 * the signed-in GET /api/auth/user (session and account read, full middleware stack) on SQLite and, when
 * PostgreSQL is installed (or TEST_POSTGRES_SERVER names one), on PostgreSQL, and a raw Koa handler answering
 * the same JSON with no middleware. Target (issue 15): signed in >= 25% of raw Koa with p99 <= 10 ms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';
import { startTestServer, type TestServer } from '../server/test/support/harness.js';
import { startTempPostgres } from '../server/test/support/postgres.js';
import { signIn } from '../server/test/support/users.js';

const DURATION_SEC = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const TARGET_SHARE = 0.25;
const TARGET_P99_MS = 10;

async function measure(url: string, headers: Record<string, string> = {}) {
  // A short warm-up, so JIT compilation and first connections stay out of the figure.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SEC, headers });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

type Measured = Awaited<ReturnType<typeof measure>>;

async function signedIn(ts: TestServer): Promise<Measured> {
  const client = await signIn(ts, 'bench@example.com');
  return measure(`${ts.url}/api/auth/user`, { cookie: client.cookieHeader() });
}

export async function benchApi(): Promise<Array<Record<string, string>>> {
  const ts = await startTestServer();
  const client = await signIn(ts, 'bench@example.com');
  const user = await (await client.get('/api/auth/user')).text();

  const raw = new Koa();
  raw.use((ctx) => {
    ctx.body = JSON.parse(user);
  });
  const rawServer = createServer(raw.callback());
  await new Promise<void>((resolve) => rawServer.listen(0, '127.0.0.1', resolve));
  const rawUrl = `http://127.0.0.1:${(rawServer.address() as AddressInfo).port}/`;

  const rows: Array<[string, Measured, boolean]> = [];
  try {
    const baseline = await measure(rawUrl);
    rows.push(['raw Koa, same JSON (baseline)', baseline, false]);
    rows.push(['GET /api/auth/user signed in, SQLite', await signedIn(ts), true]);
    rows.push(['GET /api/login page, SQLite', await measure(`${ts.url}/api/login`), false]);
    const pg = await startTempPostgres();
    if (pg) {
      const pgServer = await startTestServer({ env: { DATABASE_URL: pg.url } }).catch(async (err) => {
        await pg.stop();
        throw err;
      });
      try {
        rows.push(['GET /api/auth/user signed in, PostgreSQL', await signedIn(pgServer), true]);
      } finally {
        await pgServer.close();
        await pg.stop();
      }
    }
    return rows.map(([name, r, targeted]) => {
      const share = r.rps / baseline.rps;
      return {
        benchmark: name,
        'req/s': r.rps.toFixed(0),
        'p50 ms': String(r.p50),
        'p99 ms': String(r.p99),
        'vs raw Koa': `${(share * 100).toFixed(0)}%`,
        target: targeted
          ? `>= ${TARGET_SHARE * 100}%, p99 <= ${TARGET_P99_MS} ms: ${share >= TARGET_SHARE && r.p99 <= TARGET_P99_MS ? 'met' : 'missed'}`
          : '',
      };
    });
  } finally {
    rawServer.close();
    await ts.close();
  }
}
