import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { createEngine } from '../../src/engine/engine.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { Story } from '../../src/engine/model/story.entity.js';
import { fixtureCatalog, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { enforceColumnLengths, openTestOrm, testEngineConfig, fixtureEntry } from './support.js';

type Db = Awaited<ReturnType<typeof openTestOrm>>;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function rss(items: Array<{ title: string; link: string; guid: string; text: string }>): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Generated</title><link>{base}/</link><description>gen</description>${items
    .map(
      (i) =>
        `<item><title>${esc(i.title)}</title><link>${esc(i.link)}</link><guid>${i.guid}</guid><pubDate>Fri, 20 Nov 2026 09:00:00 GMT</pubDate><description>${esc(i.text)}</description></item>`,
    )
    .join('')}</channel></rss>`;
}

/**
 * A fixture feed server, a fresh database and a clock of the suite's own, opened before its tests and closed
 * after them; `prepare` runs on the database first.
 */
function suiteFixtures(prepare?: (db: Db) => Promise<void>) {
  const ctx = { clock: new ManualClock(new Date('2026-11-20T12:00:00Z')) } as { server: FixtureServer; db: Db; clock: ManualClock };
  before(async () => {
    ctx.server = await startFixtureServer();
    ctx.db = await openTestOrm();
    await prepare?.(ctx.db);
  });
  after(async () => {
    await ctx.server?.close();
    await ctx.db?.close();
  });
  return ctx;
}

describe('ingest: a failed store loses nothing', () => {
  const fx = suiteFixtures();

  it('keeps no ETag when the articles were not stored, so the next pass fetches in full and stores them', async () => {
    const engine = createEngine(fx.db.orm, testEngineConfig(), { clock: fx.clock });
    const ids = ['fx-dcd-en', 'fx-heise-de', 'fx-error'];
    await engine.syncCatalog(fixtureCatalog(fx.server.base).filter((e) => ids.includes(e.id)));
    const conn = fx.db.orm.em.getConnection();
    await conn.execute(`CREATE TRIGGER fail_once BEFORE INSERT ON engine_articles BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    await assert.rejects(engine.ingest(), /disk full/);
    await conn.execute('DROP TRIGGER fail_once');

    let em = fx.db.orm.em.fork();
    assert.equal(await em.count(Article, {}), 0);
    const dcd = await em.findOneOrFail(Source, { id: 'fx-dcd-en' });
    assert.equal(dcd.etag, null, 'the ETag of a feed whose items were not stored is not kept');
    assert.equal(dcd.lastModified, null);
    const failing = await em.findOneOrFail(Source, { id: 'fx-error' });
    assert.equal(failing.consecutiveFailures, 1, 'failures and backoff are kept even when the pass fails later');

    fx.clock.advance(5 * 60_000);
    const seen = fx.server.requests.length;
    const second = await engine.ingest();
    const feeds = fx.server.requests.slice(seen).filter((r) => r.path.startsWith('/feeds/'));
    assert.equal(feeds.length, 2);
    assert.ok(
      feeds.every((r) => r.ifNoneMatch === null && r.ifModifiedSince === null),
      'unconditional GET after the failed pass',
    );
    assert.equal(second.ok, 2);
    assert.ok(second.newArticles >= 3, `articles stored on the second pass: ${second.newArticles}`);

    em = fx.db.orm.em.fork();
    assert.equal(await em.count(Article, {}), second.newArticles);
    assert.match((await em.findOneOrFail(Source, { id: 'fx-dcd-en' })).etag ?? '', /^"/, 'stored with the articles');
    fx.clock.advance(5 * 60_000);
    const third = await engine.ingest();
    assert.equal(third.notModified, 2);
  });
});

describe('ingest: a pass that fails after storing its articles', () => {
  const fx = suiteFixtures();

  it('leaves them pending, and the next pass puts them in stories although every feed answers 304', async () => {
    const engine = createEngine(fx.db.orm, testEngineConfig(), { clock: fx.clock });
    await engine.syncCatalog(fixtureCatalog(fx.server.base).filter((e) => ['fx-dcd-en', 'fx-heise-de'].includes(e.id)));
    const conn = fx.db.orm.em.getConnection();
    await conn.execute(`CREATE TRIGGER fail_once BEFORE INSERT ON engine_stories BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    await assert.rejects(engine.ingest(), /disk full/);
    await conn.execute('DROP TRIGGER fail_once');

    let em = fx.db.orm.em.fork();
    const stored = await em.find(Article, {});
    assert.ok(stored.length >= 3, `articles stored before the failure: ${stored.length}`);
    assert.ok(
      stored.every((a) => a.storyId === null),
      'in no story yet',
    );
    assert.equal(await em.count(Story, {}), 0);
    assert.match((await em.findOneOrFail(Source, { id: 'fx-dcd-en' })).etag ?? '', /^"/, 'the ETag was stored with its articles');

    fx.clock.advance(5 * 60_000);
    const second = await engine.ingest();
    assert.equal(second.notModified, 2);
    assert.equal(second.newArticles, 0);
    em = fx.db.orm.em.fork();
    const articles = await em.find(Article, {});
    assert.equal(articles.length, stored.length, 'nothing lost, nothing stored twice');
    const stories = await em.find(Story, {});
    assert.equal(second.storiesCreated, stories.length);
    assert.ok(stories.length > 0);
    for (const story of stories) {
      const members = articles.filter((a) => a.storyId === story.id).map((a) => a.id);
      assert.deepEqual([...story.articleIds].sort(), members.sort(), `the story and its articles agree: ${story.title}`);
    }
    assert.ok(
      articles.every((a) => a.storyId !== null),
      'every article is in a story',
    );
  });
});

describe('ingest: values longer than their columns (PostgreSQL limits enforced on SQLite)', () => {
  const fx = suiteFixtures((db) => enforceColumnLengths(fx.db.orm));

  it('drops an item whose URL cannot be stored whole, cuts long titles at a character boundary, and stores every other item', async () => {
    // 499 "x" then an emoji (two UTF-16 units) straddling the 500th unit, then more words.
    const longTitle = `${'Equinix '.repeat(62)}xxx😀 ${'more words '.repeat(200)}`;
    const longUrl = `http://127.0.0.1/gen/${'a'.repeat(1200)}`;
    fx.server.serve(
      '/gen/long.xml',
      rss([
        {
          title: 'Digital Realty buys a 40 MW campus in Dublin',
          link: longUrl,
          guid: 'long-url',
          text: 'Digital Realty bought a 40 MW campus in Dublin for €300 million, the company said on Friday.',
        },
        {
          title: longTitle,
          link: '{base}/gen/long-title',
          guid: 'long-title',
          text: 'Equinix opened a 12 MW site in Lisbon on Friday, the company said in a statement to customers.',
        },
        {
          title: 'Iron Mountain opens a 30 MW data center in Madrid',
          link: '{base}/gen/plain',
          guid: 'plain',
          text: 'Iron Mountain opened a 30 MW data center in Madrid on Friday, the company said in a statement.',
        },
      ]),
      { etag: `"${'e'.repeat(600)}"` },
    );
    const engine = createEngine(fx.db.orm, testEngineConfig(), { clock: fx.clock });
    await engine.syncCatalog([
      fixtureEntry(fx.server.base, 'gen-long', '/gen/long.xml'),
      ...fixtureCatalog(fx.server.base).filter((e) => e.id === 'fx-dcd-en'),
    ]);
    const report = await engine.ingest();
    assert.equal(report.ok, 2);
    assert.equal(report.failed, 0);

    const em = fx.db.orm.em.fork();
    const stored = await em.find(Article, { sourceId: 'gen-long' });
    assert.deepEqual(
      stored.map((a) => a.url.replace(/^.*\/gen\//, '')).sort(),
      ['long-title', 'plain'],
      'the item with the over-long URL is left out',
    );
    const cut = stored.find((a) => a.url.endsWith('long-title'))!;
    assert.ok(cut.title.length <= 500, `title cut to ${cut.title.length}`);
    assert.ok(cut.title.endsWith('…'));
    assert.doesNotMatch(cut.title, LONE_SURROGATE);
    assert.ok((await em.count(Article, { sourceId: 'fx-dcd-en' })) >= 2, 'the other source is stored in the same pass');
    for (const story of await em.find(Story, {})) assert.doesNotMatch(story.title, LONE_SURROGATE);

    const source = await em.findOneOrFail(Source, { id: 'gen-long' });
    assert.equal(source.lastStatus, 'ok');
    assert.equal(source.etag, null, 'an ETag longer than its column is dropped, not cut');
    assert.equal(source.lastModified, 'Fri, 20 Nov 2026 11:00:00 GMT');
  });
});

describe('ingest: a stored article seen again in another source', () => {
  const fx = suiteFixtures();

  const storyOf = async (urlPart: string) => {
    const em = fx.db.orm.em.fork();
    const article = (await em.find(Article, {})).find((a) => a.url.includes(urlPart))!;
    return { article, story: await em.findOneOrFail(Story, { id: article.storyId! }) };
  };

  it('adds the new source to the story on a later pass, without counting a republished copy as an independent outlet', async () => {
    const catalog = fixtureCatalog(fx.server.base);
    const engine = createEngine(fx.db.orm, testEngineConfig(), { clock: fx.clock });
    await engine.syncCatalog([...catalog, fixtureEntry(fx.server.base, 'gen-late', '/gen/late.xml')]);
    await engine.ingest({ sourceIds: ['fx-dcd-en', 'fx-heise-de', 'fx-fr', 'fx-es', 'fx-ja'] });
    const first = await storyOf('/en/equinix-fr9-frankfurt');
    assert.ok(!first.story.sourceIds.includes('fx-aggregator'));

    fx.clock.advance(3600_000);
    const second = await engine.ingest({ sourceIds: ['fx-aggregator'] });
    assert.equal(second.newArticles, 0);
    assert.equal(second.repeatedArticles, 1);
    assert.equal(second.storiesUpdated, 1);
    const after = await storyOf('/en/equinix-fr9-frankfurt');
    assert.deepEqual(after.article.alsoSourceIds, ['fx-aggregator']);
    assert.deepEqual(after.story.sourceIds, [...first.story.sourceIds, 'fx-aggregator'].sort());
    assert.equal(after.story.corroboration, first.story.corroboration, 'the aggregator republished the article: not independent');
    assert.equal(after.story.summaries.brief[0]?.text, first.story.summaries.brief[0]?.text);
  });

  it('also reaches a story that is no longer open for clustering', async () => {
    const nordhaven = await storyOf('/en/nordhaven-ransomware');
    fx.server.serve(
      '/gen/late.xml',
      rss([
        {
          title: 'Ransomware attack disrupts colocation provider Nordhaven in Oslo',
          link: '{base}/en/nordhaven-ransomware?utm_source=late',
          guid: 'late-1',
          text: 'Colocation provider Nordhaven confirmed a ransomware attack.',
        },
      ]),
    );
    fx.clock.advance(10 * 86_400_000);
    const report = await createEngine(fx.db.orm, testEngineConfig(), { clock: fx.clock }).ingest({ sourceIds: ['gen-late'] });
    assert.equal(report.storiesUpdated, 1);
    const after = await storyOf('/en/nordhaven-ransomware');
    assert.equal(after.story.id, nordhaven.story.id);
    assert.deepEqual(after.story.sourceIds, ['fx-dcd-en', 'gen-late']);
    assert.equal(after.story.corroboration, nordhaven.story.corroboration);
  });
});
