import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEngine } from '../../src/engine/engine.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { ManualClock } from '../../src/lib/clock.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { openTestOrm, testEngineConfig, fixtureEntry } from './support.js';

const CRAZY_TITLE = `&lt;!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"&gt;&lt;html&gt;&lt;head&gt;&lt;title&gt;Crazy HTML&lt;/title&gt;&lt;/head&gt;&lt;body onload="executeMe();"&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/body&gt;&lt;/html&gt;`;

/** RSS as old publishers write it: no version, no <channel>, one entry a pasted HTML document. */
const NO_VERSION = `<rss>
  <item><title>Equinix opens a 20 MW data center in Lisbon</title><link>{base}/gen/lisbon</link>
    <description>Equinix opened a 20 MW data center in Lisbon on Friday, the company said in a statement.</description></item>
  <item><title>${CRAZY_TITLE}</title><link>{base}/gen/crazy</link>
    <description>Digital Realty said on Friday it will build a 36 MW campus outside Madrid for 300 million euros.</description></item>
</rss>`;

/** Atom with inline markup in its titles (it failed the whole feed: `.trim is not a function`). */
const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title><id>urn:a</id><updated>2026-11-20T09:00:00Z</updated>
  <entry><id>urn:a:1</id><updated>2026-11-20T09:00:00Z</updated><link href="{base}/gen/warsaw"/>
    <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Vantage opens <b>WAW2</b> in Warsaw</div></title>
    <content type="html">&lt;p&gt;Vantage opened its second 24 MW campus in Warsaw on Thursday, the company said.&lt;/p&gt;</content></entry>
</feed>`;

/** Episodes with only an enclosure, and one with only a title and a date. */
const PODCAST = `<?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Pod</title>
  <item><title>Episode 212: liquid cooling at 100 kW a rack</title><pubDate>Thu, 19 Nov 2026 08:00:00 GMT</pubDate>
    <description>The host talks to an engineer about rear-door heat exchangers and 100 kW racks.</description>
    <enclosure url="{base}/gen/212.mp3" type="audio/mpeg" length="1000"/>
    <podcast:transcript url="{base}/podcast/212.vtt" type="text/vtt"/></item>
  <item><title>Episode 211: grid connections in Ireland</title><pubDate>Wed, 18 Nov 2026 08:00:00 GMT</pubDate>
    <description>Why data centers in Dublin wait years for a grid connection, with an energy analyst.</description></item>
</channel></rss>`;

/** One item worth keeping, one with no title and next to no text, one whose link is too long to store whole. */
const WITH_SKIPS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Skips</title>
  <item><title>Aligned files for a 72 MW campus in Phoenix</title><link>{base}/gen/phoenix</link><guid>s-1</guid>
    <description>Aligned filed plans for a 72 MW data center campus in Phoenix on Monday, the county said.</description></item>
  <item><title></title><link>{base}/gen/empty</link><guid>s-2</guid><description>Short.</description></item>
  <item><title>A link longer than any column</title><link>{base}/gen/${'x'.repeat(1100)}</link><guid>s-3</guid>
    <description>QTS said on Monday it bought 200 acres near Richmond for a future 400 MW campus.</description></item>
</channel></rss>`;

describe('ingest: hostile feeds', () => {
  let server: FixtureServer;
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  before(async () => {
    server = await startFixtureServer();
    db = await openTestOrm();
  });
  after(async () => {
    await server?.close();
    await db?.close();
  });

  it('reads <rss> without version or channel, Atom with inline markup, and keeps enclosure-only episodes', async () => {
    server.serve('/gen/no-version.xml', NO_VERSION);
    server.serve('/gen/inline.atom', ATOM, { type: 'application/atom+xml' });
    server.serve('/gen/podcast.xml', PODCAST);
    const engine = createEngine(db.orm, testEngineConfig(), { clock: new ManualClock(new Date('2026-11-20T12:00:00Z')) });
    await engine.syncCatalog([
      fixtureEntry(server.base, 'h-rss', '/gen/no-version.xml'),
      fixtureEntry(server.base, 'h-atom', '/gen/inline.atom'),
      fixtureEntry(server.base, 'h-pod', '/gen/podcast.xml', 'podcast'),
    ]);
    const report = await engine.ingest();
    assert.equal(report.failed, 0, JSON.stringify(report.outcomes));
    assert.equal(report.ok, 3);

    const em = db.orm.em.fork();
    const titles = async (sourceId: string) => (await em.find(Article, { sourceId }, { orderBy: { title: 'asc' } })).map((a) => a.title);
    assert.deepEqual(await titles('h-rss'), ['Crazy HTML', 'Equinix opens a 20 MW data center in Lisbon']);
    assert.deepEqual(await titles('h-atom'), ['Vantage opens WAW2 in Warsaw']);
    const episodes = await em.find(Article, { sourceId: 'h-pod' }, { orderBy: { title: 'asc' } });
    assert.ok(episodes.find((a) => a.url.endsWith('/gen/212.mp3'))!.hasTranscript, 'its transcript was read');
    assert.deepEqual(
      episodes.map((a) => [a.title, a.url.startsWith('urn:dcbrief:') ? 'urn' : a.url.replace(server.base, '')]),
      [
        ['Episode 211: grid connections in Ireland', 'urn'],
        ['Episode 212: liquid cooling at 100 kW a rack', '/gen/212.mp3'],
      ],
    );
    for (const s of await em.find(Source, { id: { $in: ['h-rss', 'h-atom', 'h-pod'] } })) assert.equal(s.lastError, null, s.id);
  });

  it('knows those episodes again on the next fetch: only a new episode is new', async () => {
    const next = PODCAST.replace(
      '<channel><title>Pod</title>',
      `<channel><title>Pod</title><item><title>Episode 213: batteries behind the meter</title><pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate>
        <description>How operators size battery systems to ride through grid events, with a storage developer.</description>
        <enclosure url="{base}/gen/213.mp3" type="audio/mpeg" length="1000"/></item>`,
    );
    server.serve('/gen/podcast.xml', next);
    const engine = createEngine(db.orm, testEngineConfig(), { clock: new ManualClock(new Date('2026-11-20T13:00:00Z')) });
    const report = await engine.ingest({ force: true });
    assert.equal(report.failed, 0);
    assert.equal(report.newArticles, 1, JSON.stringify(report.outcomes));
    const em = db.orm.em.fork();
    assert.equal(await em.count(Article, { sourceId: 'h-pod' }), 3);
    const transcriptFetches = server.requests.filter((r) => r.path === '/podcast/212.vtt').length;
    assert.equal(transcriptFetches, 1, "the stored episode's transcript is not fetched again");
  });

  it('counts the items it leaves out, per source and for the pass, and keeps the rest of the feed', async () => {
    server.serve('/gen/skips.xml', WITH_SKIPS);
    const engine = createEngine(db.orm, testEngineConfig(), { clock: new ManualClock(new Date('2026-11-20T14:00:00Z')) });
    await engine.syncCatalog([fixtureEntry(server.base, 'h-skips', '/gen/skips.xml')]);
    const report = await engine.ingest({ sourceIds: ['h-skips'] });
    assert.equal(report.ok, 1, JSON.stringify(report.outcomes));
    assert.equal(report.newArticles, 1);
    assert.equal(report.skippedItems, 2);
    assert.deepEqual(report.outcomes, [{ sourceId: 'h-skips', status: 'ok', items: 3, newItems: 1, skippedItems: 2 }]);
    const kept = await db.orm.em.fork().find(Article, { sourceId: 'h-skips' });
    assert.deepEqual(
      kept.map((a) => a.title),
      ['Aligned files for a 72 MW campus in Phoenix'],
    );
  });
});
