import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from './support/harness.js';

const root = path.resolve(import.meta.dirname, '../..');

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request that leaves the body as sent (fetch would decompress it and hide the encoding). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web app is served precompressed, with cache rules by kind of file', () => {
  let ts: TestServer;
  let webDir: string;
  const script = `console.log(${JSON.stringify('landing page '.repeat(400))});\n`;
  const html = `<!doctype html><html><head><title>DC Brief</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(60)}</body></html>`;

  const serviceWorker = `self.__precache = ${JSON.stringify(Array.from({ length: 40 }, (_, i) => `assets/chunk-${i}.js`))};\n`;
  const webManifest = JSON.stringify({ name: 'DC Brief', start_url: '/', display: 'standalone', icons: [] });

  before(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(path.join(webDir, 'index.html'), html);
    writeFileSync(path.join(webDir, 'assets', 'landing-Ab12Cd34.js'), script);
    writeFileSync(path.join(webDir, 'assets', 'tiny-Zz99.js'), 'export{}');
    writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{"secret": "build metadata"}');
    writeFileSync(path.join(webDir, 'sw.js'), serviceWorker);
    writeFileSync(path.join(webDir, 'manifest.webmanifest'), webManifest);
    // The build's own step (web/scripts/precompress.mjs), on this folder.
    execFileSync(process.execPath, [path.join(root, 'web/scripts/precompress.mjs'), webDir]);
    ts = await startTestServer({ webDir });
  });
  after(async () => {
    await ts?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  test('the build step writes brotli and gzip copies of text files worth compressing, and skips tiny ones', () => {
    const assets = readdirSync(path.join(webDir, 'assets')).sort();
    assert.deepEqual(assets, ['landing-Ab12Cd34.js', 'landing-Ab12Cd34.js.br', 'landing-Ab12Cd34.js.gz', 'tiny-Zz99.js']);
    assert.ok(readdirSync(webDir).includes('index.html.br'));
    assert.ok(!readdirSync(path.join(webDir, '.vite')).some((f) => f.endsWith('.br')));
  });

  test('hashed assets: brotli when accepted, else gzip, else as built; Vary and a year of immutable caching', async () => {
    const url = `${ts.url}/assets/landing-Ab12Cd34.js`;
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.body).toString(), script);
    assert.ok(br.body.length < script.length / 10);
    assert.equal(Number(br.headers['content-length']), br.body.length);
    assert.match(String(br.headers['content-type']), /javascript/);
    assert.match(String(br.headers.vary), /Accept-Encoding/i);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');

    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body).toString(), script);
    assert.match(String(gz.headers.vary), /Accept-Encoding/i);

    const plain = await raw(url, { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), script);
    assert.match(String(plain.headers.vary), /Accept-Encoding/i, 'caches must not hand the plain copy to a brotli client either');

    const tiny = await raw(`${ts.url}/assets/tiny-Zz99.js`, { 'accept-encoding': 'br' });
    assert.equal(tiny.headers['content-encoding'], undefined);
    assert.equal(tiny.body.toString(), 'export{}');
  });

  test('the HTML, at / and at every app route: compressed, no-cache, revalidated by ETag', async () => {
    for (const route of ['/', '/dashboard', '/digests/abc', '/index.html']) {
      const res = await raw(`${ts.url}${route}`, { 'accept-encoding': 'br' });
      assert.equal(res.status, 200, route);
      assert.equal(res.headers['content-encoding'], 'br', route);
      assert.equal(brotliDecompressSync(res.body).toString(), html, route);
      assert.equal(res.headers['cache-control'], 'no-cache', route);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.match(String(res.headers.vary), /Accept-Encoding/i);
      const again = await raw(`${ts.url}${route}`, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
      assert.equal(again.status, 304, route);
      assert.equal(again.body.length, 0);
    }
  });

  test('any other path gets the app (which shows its 404 screen) with HTTP 404, never a 304', async () => {
    for (const route of ['/some/unknown/page', '/dashboardx', '/digests/a/b']) {
      const res = await raw(`${ts.url}${route}`, { 'accept-encoding': 'br' });
      assert.equal(res.status, 404, route);
      assert.equal(brotliDecompressSync(res.body).toString(), html, route);
      const again = await raw(`${ts.url}${route}`, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
      assert.equal(again.status, 404, route);
    }
  });

  test('the service worker and the web manifest: their types, revalidated on every use (never immutable), worker allowed by the CSP', async () => {
    const sw = await raw(`${ts.url}/sw.js`, { 'accept-encoding': 'br' });
    assert.equal(sw.status, 200);
    assert.match(String(sw.headers['content-type']), /^(application|text)\/javascript/);
    // A new build must reach browsers at their next check: the browser compares sw.js byte for byte.
    assert.equal(sw.headers['cache-control'], 'no-cache');
    assert.equal(brotliDecompressSync(sw.body).toString(), serviceWorker);
    assert.match(String(sw.headers['content-security-policy']), /worker-src 'self'/);
    const again = await raw(`${ts.url}/sw.js`, { 'accept-encoding': 'br', 'if-none-match': String(sw.headers.etag) });
    assert.equal(again.status, 304);

    const manifest = await raw(`${ts.url}/manifest.webmanifest`, { 'accept-encoding': 'identity' });
    assert.equal(manifest.status, 200);
    assert.match(String(manifest.headers['content-type']), /^application\/manifest\+json/);
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    assert.deepEqual(JSON.parse(manifest.body.toString()), JSON.parse(webManifest));
    assert.match(String(manifest.headers['content-security-policy']), /manifest-src 'self'/);
  });

  test('HEAD answers the headers of GET without a body', async () => {
    const res = await raw(`${ts.url}/assets/landing-Ab12Cd34.js`, { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.ok(Number(res.headers['content-length']) > 0);
    assert.equal(res.body.length, 0);
  });

  test('nothing outside the build, and no hidden build metadata, is served', async () => {
    for (const probe of [
      '/.vite/manifest.json',
      '/../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e/package.json',
      '/assets/%00.js',
    ]) {
      const res = await raw(`${ts.url}${probe}`, { 'accept-encoding': 'identity' });
      assert.ok(res.status === 400 || res.status === 404, `${probe}: ${res.status}`);
      if (res.status === 404) assert.ok(res.body.toString() === html || res.body.length === 0 || !res.body.includes('secret'), probe);
    }
  });
});
