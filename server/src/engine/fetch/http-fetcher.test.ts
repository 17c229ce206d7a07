import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import iconv from 'iconv-lite';
import { decodeBody, HttpFetcher, type FetchLimits } from './http-fetcher.js';

// A timeout a loaded machine never reaches by accident; the stall test sets its own short one.
const LIMITS: FetchLimits = {
  timeoutMs: 10_000,
  maxBytes: 64 * 1024,
  maxRedirects: 2,
  userAgent: 'DCBriefBot/test',
  concurrency: 8,
  perHostConcurrency: 2,
};

describe('HttpFetcher', () => {
  let server: http.Server;
  let base = '';
  let active = 0;
  let peak = 0;
  const seen: http.IncomingHttpHeaders[] = [];
  const slow: http.ServerResponse[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      const p = req.url ?? '/';
      if (p === '/feed') {
        if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304, { etag: '"v1"' }).end();
        return res
          .writeHead(200, { etag: '"v1"', 'last-modified': 'Fri, 20 Nov 2026 11:00:00 GMT', 'content-type': 'application/rss+xml' })
          .end('<rss/>');
      }
      if (p === '/hang-up') return req.socket.destroy();
      if (p.startsWith('/hop/')) {
        const n = Number(p.slice(5));
        return n === 0 ? res.writeHead(200).end('arrived') : res.writeHead(301, { location: `/hop/${n - 1}` }).end();
      }
      if (p === '/declared-huge') return res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end();
      if (p === '/streamed-huge') {
        res.writeHead(200);
        const chunk = Buffer.alloc(16 * 1024, 120);
        let n = 0;
        const pump = () => {
          while (n++ < 100) if (!res.write(chunk)) return res.once('drain', pump);
          res.end();
        };
        return pump();
      }
      if (p === '/stall') {
        res.writeHead(200);
        res.write('<rss>');
        return;
      }
      if (p === '/latin1')
        return res
          .writeHead(200, { 'content-type': 'text/xml; charset=ISO-8859-1' })
          .end(iconv.encode('<t>Données à Francfort</t>', 'latin1'));
      if (p.startsWith('/slow/')) {
        // Held until two are in flight (then a little longer, for a third to show up if the limit leaked), or
        // a while, so that the peak does not depend on how fast a loaded machine opens connections.
        active++;
        peak = Math.max(peak, active);
        slow.push(res);
        const release = () => {
          for (const r of slow.splice(0)) {
            active--;
            r.writeHead(200).end('ok');
          }
        };
        if (active >= 2) setTimeout(release, 100);
        else setTimeout(() => slow.includes(res) && release(), 2000);
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the conditional headers it is given and reports 304 as not modified', async () => {
    const fetcher = new HttpFetcher(LIMITS);
    const first = await fetcher.fetch(`${base}/feed`);
    assert.equal(first.kind, 'ok');
    assert.ok(first.kind === 'ok' && first.etag === '"v1"' && first.lastModified === 'Fri, 20 Nov 2026 11:00:00 GMT');
    const second = await fetcher.fetch(`${base}/feed`, { etag: '"v1"', lastModified: 'Fri, 20 Nov 2026 11:00:00 GMT' });
    assert.equal(second.kind, 'not-modified');
    const headers = seen.at(-1)!;
    assert.equal(headers['if-none-match'], '"v1"');
    assert.equal(headers['if-modified-since'], 'Fri, 20 Nov 2026 11:00:00 GMT');
    assert.equal(headers['user-agent'], 'DCBriefBot/test');
  });

  it('follows redirects up to the limit and stops after it', async () => {
    const fetcher = new HttpFetcher(LIMITS);
    const ok = await fetcher.fetch(`${base}/hop/2`);
    assert.ok(ok.kind === 'ok' && ok.body === 'arrived' && ok.url.endsWith('/hop/0'));
    const tooMany = await fetcher.fetch(`${base}/hop/3`);
    assert.ok(tooMany.kind === 'failed' && /more than 2 redirects/.test(tooMany.error));
  });

  it('refuses bodies over the cap, declared or streamed', async () => {
    const fetcher = new HttpFetcher(LIMITS);
    for (const p of ['/declared-huge', '/streamed-huge']) {
      const res = await fetcher.fetch(`${base}${p}`);
      assert.ok(res.kind === 'failed' && /larger than 65536 bytes/.test(res.error), p);
    }
  });

  it('gives up on a server that stalls mid-body', async () => {
    const res = await new HttpFetcher({ ...LIMITS, timeoutMs: 400 }).fetch(`${base}/stall`);
    assert.ok(res.kind === 'failed' && /timed out after 400 ms/.test(res.error));
  });

  it('reports an unreachable host as a failure in words, not an exception', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const res = await new HttpFetcher(LIMITS).fetch(`http://127.0.0.1:${port}/feed`);
    assert.ok(res.kind === 'failed');
    assert.equal(res.error, 'connection refused (ECONNREFUSED)');
  });

  it('says in words that a server hung up, keeping the code for a search', async () => {
    const res = await new HttpFetcher(LIMITS).fetch(`${base}/hang-up`);
    assert.ok(res.kind === 'failed');
    assert.match(res.error, /^connection (closed|reset) by the server \((UND_ERR_SOCKET|ECONNRESET)\)$/);
  });

  it('decodes the charset the server declares', async () => {
    const res = await new HttpFetcher(LIMITS).fetch(`${base}/latin1`);
    assert.ok(res.kind === 'ok' && res.body === '<t>Données à Francfort</t>');
  });

  it('keeps to the per-host concurrency limit', async () => {
    peak = 0;
    const fetcher = new HttpFetcher(LIMITS);
    await Promise.all(Array.from({ length: 8 }, (_, i) => fetcher.fetch(`${base}/slow/${i}`)));
    assert.equal(peak, 2);
  });
});

describe('HttpFetcher scheduling across hosts', () => {
  it('lets other hosts proceed while requests queue on one busy host (overall 2, per host 1)', async () => {
    const order: string[] = [];
    let releaseBusy!: () => void;
    const otherDone = new Promise<void>((resolve) => (releaseBusy = resolve));
    const held: http.ServerResponse[] = [];
    // The busy host answers its first request only once the other host has been reached twice (or, if it
    // never is, after a while, so that a wrong scheduler ends in a failed assertion, not a hung test).
    const busy = http.createServer((req, res) => {
      order.push(`busy${req.url}`);
      if (held.length === 0) {
        held.push(res);
        const fallback = setTimeout(releaseBusy, 2000);
        void otherDone.then(() => {
          clearTimeout(fallback);
          res.writeHead(200).end('ok');
        });
        return;
      }
      res.writeHead(200).end('ok');
    });
    let otherHits = 0;
    const other = http.createServer((req, res) => {
      order.push(`other${req.url}`);
      if (++otherHits === 2) releaseBusy();
      res.writeHead(200).end('ok');
    });
    await Promise.all([busy, other].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
    const url = (s: http.Server, p: string) => `http://127.0.0.1:${(s.address() as AddressInfo).port}${p}`;
    try {
      const fetcher = new HttpFetcher({ ...LIMITS, timeoutMs: 10_000, concurrency: 2, perHostConcurrency: 1 });
      const busyFeeds = Array.from({ length: 5 }, (_, i) => fetcher.fetch(url(busy, `/${i}`)));
      const otherFeeds = [fetcher.fetch(url(other, '/a')), fetcher.fetch(url(other, '/b'))];
      const results = await Promise.all([...busyFeeds, ...otherFeeds]);
      // Which of the first two requests reaches its server first is up to the network stack.
      assert.deepEqual(
        order.slice(0, 3).sort(),
        ['busy/0', 'other/a', 'other/b'],
        `the other host is served while the busy one holds its slot: ${order}`,
      );
      assert.deepEqual(order.slice(3), ['busy/1', 'busy/2', 'busy/3', 'busy/4']);
      assert.ok(results.every((r) => r.kind === 'ok'));
    } finally {
      for (const s of [busy, other]) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
    }
  });
});

describe('decodeBody', () => {
  it('uses the XML declaration, then falls back to Windows-1252 for undeclared non-UTF-8', () => {
    assert.equal(
      decodeBody(iconv.encode('<?xml version="1.0" encoding="ISO-8859-1"?><t>é</t>', 'latin1'), ''),
      '<?xml version="1.0" encoding="ISO-8859-1"?><t>é</t>',
    );
    assert.equal(decodeBody(iconv.encode('<t>São Paulo – 3€</t>', 'win1252'), 'text/xml'), '<t>São Paulo – 3€</t>');
    assert.equal(decodeBody(Buffer.from('\ufeff<t>ü</t>'), 'text/xml; charset=ISO-8859-1'), '<t>ü</t>', 'a BOM wins');
  });

  it('tells UTF-16 and UTF-32 by their zero bytes when there is no byte-order mark, whatever the header says', () => {
    const doc = '<?xml version="1.0" encoding="utf-16"?><rss><channel><title>Café 3€ 😀</title></channel></rss>';
    const utf32 = (s: string, le: boolean) => {
      const points = [...s].map((c) => c.codePointAt(0)!);
      const buf = Buffer.alloc(points.length * 4);
      points.forEach((p, i) => (le ? buf.writeUInt32LE(p, i * 4) : buf.writeUInt32BE(p, i * 4)));
      return buf;
    };
    const utf16be = Buffer.from(doc, 'utf16le').swap16();
    assert.equal(decodeBody(Buffer.from(doc, 'utf16le'), 'application/xml; charset=utf-8'), doc, 'UTF-16LE');
    assert.equal(decodeBody(utf16be, 'application/xml'), doc, 'UTF-16BE');
    assert.equal(decodeBody(utf32(doc, true), 'application/xml'), doc, 'UTF-32LE');
    assert.equal(decodeBody(utf32(doc, false), ''), doc, 'UTF-32BE');
    assert.equal(decodeBody(Buffer.concat([Buffer.from([0, 0, 0xfe, 0xff]), utf32(doc, false)]), ''), doc, 'UTF-32BE with its BOM');
    assert.equal(decodeBody(Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), utf32(doc, true)]), ''), doc, 'UTF-32LE with its BOM');
  });
});
