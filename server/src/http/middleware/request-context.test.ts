import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import Koa from 'koa';
import { pino } from 'pino';
import { requestLogger } from './request-context.js';

test('one line a request, with its id, and the secrets of its path and objects kept out of the log', async () => {
  const lines: Array<Record<string, unknown>> = [];
  // The app's logger redacts passwords and tokens in what it logs (lib/logger.ts); the request line has no such field.
  const logger = pino(
    { level: 'info', redact: { paths: ['*.token'], censor: '[redacted]' } },
    { write: (l: string) => void lines.push(JSON.parse(l)) },
  );
  const app = new Koa();
  app.use(requestLogger({ logger, redact: [/(?<=^\/feed\/)[^/]+(?=\/)/] }));
  app.use((ctx) => {
    logger.info({ params: { token: 'secret-in-an-object' } }, 'handled');
    ctx.body = { ok: true };
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}/feed/s3cr3t-token/episodes.xml`, { headers: { 'x-request-id': 'abcdef123456' } });
    assert.equal(res.headers.get('x-request-id'), 'abcdef123456');
    const own = await fetch(`${base}/other`);
    assert.match(own.headers.get('x-request-id')!, /^[0-9a-f-]{36}$/);
  } finally {
    server.close();
  }
  const requests = lines.filter((l) => l.msg === 'request');
  assert.equal(requests.length, 2);
  assert.deepEqual(
    { ...requests[0], time: undefined, pid: undefined, hostname: undefined, ms: undefined },
    {
      level: 30,
      requestId: 'abcdef123456',
      method: 'GET',
      path: '/feed/[redacted]/episodes.xml',
      status: 200,
      msg: 'request',
      time: undefined,
      pid: undefined,
      hostname: undefined,
      ms: undefined,
    },
  );
  assert.equal(typeof requests[0]!.ms, 'number');
  assert.ok(!JSON.stringify(lines).includes('s3cr3t-token'));
  assert.deepEqual(
    lines.find((l) => l.msg === 'handled')!.params,
    { token: '[redacted]' },
    "the app's redaction still applies to everything else",
  );
});
