/**
 * API throughput against a raw Koa baseline in the same run, so the figure survives a noisy machine:
 * the signed-in GET /api/auth/user (session lookup, user load, full middleware stack) and a raw Koa
 * handler answering the same JSON with no middleware.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';
import { startTestServer } from '../server/test/support/harness.js';
import { signIn } from '../server/test/support/users.js';

const DURATION_SEC = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SEC, headers });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
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

  try {
    const baseline = await measure(rawUrl);
    const api = await measure(`${ts.url}/api/auth/user`, { cookie: client.cookieHeader() });
    const login = await measure(`${ts.url}/api/login`);
    const row = (name: string, r: typeof api) => ({
      benchmark: name,
      'req/s': r.rps.toFixed(0),
      'p50 ms': String(r.p50),
      'p99 ms': String(r.p99),
      'vs raw Koa': `${((r.rps / baseline.rps) * 100).toFixed(0)}%`,
    });
    return [row('raw Koa, same JSON (baseline)', baseline), row('GET /api/auth/user signed in', api), row('GET /api/login page', login)];
  } finally {
    rawServer.close();
    await ts.close();
  }
}
