import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { createEngine } from '../../src/engine/engine.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { TranslationCacheEntry } from '../../src/engine/model/translation.entity.js';
import { fixtureCatalog, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { openTestOrm, testEngineConfig } from './support.js';

/** LibreTranslate stand-in on loopback: marks the text as translated so the test can follow it. */
async function startLibreTranslate() {
  const requests: Array<{ q: string; source: string; target: string }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: `(${body.source}) ${body.q}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => new Promise((r) => server.close(r)) };
}

describe('ingest with a translation provider configured', () => {
  let feeds: FixtureServer;
  let lt: Awaited<ReturnType<typeof startLibreTranslate>>;
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  const clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));

  before(async () => {
    feeds = await startFixtureServer();
    lt = await startLibreTranslate();
    db = await openTestOrm();
  });
  after(async () => {
    await feeds.close();
    await lt.close();
    await db.close();
  });

  it('translates every non-English article once, through the cache, and keeps the original', async () => {
    const engine = createEngine(db.orm, testEngineConfig({ TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: lt.url }), { clock });
    const catalog = fixtureCatalog(feeds.base).filter((s) => !s.id.match(/broken|huge|loop|slow|error/));
    await engine.syncCatalog(catalog);
    await engine.ingest();
    const em = db.orm.em.fork();
    const articles = await em.find(Article, {});
    const foreign = articles.filter((a) => a.language !== 'en');
    assert.ok(foreign.length >= 8);
    for (const a of foreign) {
      assert.equal(a.translationProvider, 'libretranslate');
      assert.equal(a.translatedLanguage, 'en');
      assert.equal(a.translatedTitle, `(${a.language}) ${a.title}`);
      assert.ok(a.text && !a.text.startsWith('('), 'the original text is kept');
    }
    assert.ok(articles.filter((a) => a.language === 'en').every((a) => a.translatedText === null));
    assert.equal(lt.requests.length, foreign.length * 2, 'title and text, once each');
    assert.equal(await em.count(TranslationCacheEntry, {}), foreign.length * 2);
    assert.ok(lt.requests.every((r) => r.target === 'en'));

    clock.advance(60_000);
    const again = await engine.ingest({ force: true });
    assert.equal(again.newArticles, 0);
    assert.equal(lt.requests.length, foreign.length * 2, 'nothing translated twice');
  });
});
