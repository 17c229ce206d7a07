import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { migrate, type Orm } from '../../src/db/orm.js';
import { openDatabase } from '../../src/database.js';
import { createEngine } from '../../src/engine/engine.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { Story } from '../../src/engine/model/story.entity.js';
import { loadCatalog } from '../../src/engine/sources/catalog.js';
import { syncCatalog } from '../../src/engine/sources/sources.service.js';
import { ManualClock } from '../../src/lib/clock.js';
import { skipWithoutPostgres, startTempPostgres, type TempPostgres } from '../support/postgres.js';
import { fixtureCatalog, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { testEngineConfig } from './support.js';

describe('engine on PostgreSQL', { skip: skipWithoutPostgres() }, () => {
  let pg: TempPostgres;
  let servers: Orm[] = [];
  let feeds: FixtureServer;
  const clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));

  before(async () => {
    pg = (await startTempPostgres())!;
    feeds = await startFixtureServer();
    // Two servers on one database, as in a deployment with several instances.
    servers = await Promise.all([0, 1].map(() => openDatabase({ kind: 'postgresql', url: pg.url })));
    await migrate(servers[0]!);
  });

  after(async () => {
    for (const orm of servers) await orm.close();
    await feeds?.close();
    await pg?.stop();
  });

  it('two servers syncing the catalog at once both succeed and add each source once', async () => {
    const catalog = loadCatalog();
    const results = await Promise.all(servers.map((orm) => syncCatalog(orm.em.fork(), catalog, clock)));
    assert.equal(results[0]!.added + results[1]!.added, catalog.length, JSON.stringify(results));
    assert.equal(await servers[0]!.em.fork().count(Source, {}), catalog.length);
  });

  it('stores a feed with an over-long URL, title and ETag: the bad values never fail the pass', async () => {
    const long = `${'Equinix opens '.repeat(60)}😀`;
    feeds.serve(
      '/gen/pg-long.xml',
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>g</title><link>{base}/</link><description>g</description>` +
        `<item><title>Too long a link</title><link>{base}/gen/${'a'.repeat(1200)}</link><guid>a</guid><description>Equinix opened a 12 MW site in Lisbon on Friday, the company said.</description></item>` +
        `<item><title>${long}</title><link>{base}/gen/pg-title</link><guid>b</guid><description>Equinix opened a 12 MW site in Lisbon on Friday, the company said.</description></item>` +
        `</channel></rss>`,
      { etag: `"${'e'.repeat(700)}"` },
    );
    const engine = createEngine(servers[1]!, testEngineConfig(), { clock });
    const entries = [
      {
        id: 'pg-long',
        name: 'PG long',
        siteUrl: `${feeds.base}/`,
        feedUrl: `${feeds.base}/gen/pg-long.xml`,
        kind: 'news' as const,
        language: 'en',
        country: 'US',
        categories: ['infrastructure' as const],
        weight: 1,
      },
      ...fixtureCatalog(feeds.base).filter((e) => e.id === 'fx-dcd-en'),
    ];
    await engine.syncCatalog(entries);
    const report = await engine.ingest({ sourceIds: entries.map((e) => e.id) });
    assert.equal(report.ok, 2);
    const em = servers[1]!.em.fork();
    const stored = await em.find(Article, { sourceId: 'pg-long' });
    assert.equal(stored.length, 1);
    assert.ok(stored[0]!.title.length <= 500 && stored[0]!.title.endsWith('…'));
    assert.ok((await em.count(Article, { sourceId: 'fx-dcd-en' })) >= 2);
    assert.equal((await em.findOneOrFail(Source, { id: 'pg-long' })).etag, null);
    assert.equal(await em.count(Article, { storyId: null }), 0, 'every article placed in a story');
    const stories = await em.find(Story, {});
    assert.equal(stories.length, report.storiesCreated);
    for (const story of stories) {
      const members = (await em.find(Article, { storyId: story.id })).map((a) => a.id);
      assert.deepEqual([...story.articleIds].sort(), members.sort(), 'a story and its articles agree');
    }
  });
});
