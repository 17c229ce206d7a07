import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runSourcesCommand } from '../../src/cli/sources-commands.js';
import { createEngine } from '../../src/engine/engine.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { ManualClock } from '../../src/lib/clock.js';
import { runCli } from '../support/run-cli.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { openTestOrm, testEngineConfig, fixtureEntry } from './support.js';

/**
 * As a small outlet's hand-made feed comes: a comment before the XML declaration, a bare `&` in a title and a
 * link, `&#X2019;`, an unclosed `<b>`, a stray end tag, and `</rss` without its `>`.
 */
const ILL_FORMED = `<!-- feed written by hand -->
<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Tri-State Data Center News</title>
  <item><title>AT&T leases 12 MW in Ashburn</title><link>{base}/gen/ashburn?id=7&src=rss</link>
    <description>AT&T leased 12 MW of capacity at a campus in Ashburn, Virginia, the landlord said on Monday.</description></item>
  <item><title>Switch<b>s</b> new Reno building</title><link>{base}/gen/reno</link></font>
    <description>Switch opened its 140,000 square foot building in Reno on Tuesday, the company said.</description></item>
  <item><title>Operator&#X2019;s <b>unclosed cooling notes</title><link>{base}/gen/cooling</link>
    <description>The operator said on Wednesday that it will retrofit two halls with liquid cooling next year.</description></item>
</channel>
</rss`;

/** The same feed once its publisher has mended it. */
const MENDED = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Tri-State Data Center News</title>
  <item><title>AT&amp;T leases 12 MW in Ashburn</title><link>{base}/gen/ashburn?id=7&amp;src=rss</link>
    <description>AT&amp;T leased 12 MW of capacity at a campus in Ashburn, Virginia, the landlord said on Monday.</description></item>
  <item><title>Switch&lt;b&gt;s&lt;/b&gt; new Reno building</title><link>{base}/gen/reno</link>
    <description>Switch opened its 140,000 square foot building in Reno on Tuesday, the company said.</description></item>
  <item><title>Operator&#x2019;s unclosed cooling notes</title><link>{base}/gen/cooling</link>
    <description>The operator said on Wednesday that it will retrofit two halls with liquid cooling next year.</description></item>
</channel>
</rss>`;

/** Entries with neither link nor guid nor enclosure: a title and a date, or only a title. */
const NO_LINKS = `<?xml version="1.0"?><rss version="2.0"><channel><title>County notices</title>
  <item><title>Planning board approves a 48 MW data center near Quincy</title><pubDate>Mon, 16 Nov 2026 09:00:00 GMT</pubDate>
    <description>The county planning board approved a 48 MW data center on 40 acres near Quincy on Monday evening.</description></item>
  <item><title>Public hearing on the substation expansion</title>
    <description>The utility will present its plan to expand the substation serving the data center district.</description></item>
</channel></rss>`;

const NEXT_NOTICE = `<item><title>County sets a hearing on data center noise limits</title><pubDate>Fri, 20 Nov 2026 09:00:00 GMT</pubDate>
    <description>The county board set a public hearing on noise limits for data centers for December 3.</description></item>`;

describe('ingest: feeds as small outlets publish them', () => {
  let server: FixtureServer;
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  const clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));
  const sources = (...args: string[]) => runSourcesCommand(db.orm.em.fork(), clock, args);

  before(async () => {
    server = await startFixtureServer();
    db = await openTestOrm();
  });
  after(async () => {
    await server?.close();
    await db?.close();
  });

  it('ingests a feed that is not well-formed XML, and its source shows "ill-formed but read", not failed', async () => {
    server.serve('/gen/ill-formed.xml', ILL_FORMED.replaceAll('{base}', server.base));
    const engine = createEngine(db.orm, testEngineConfig(), { clock });
    await engine.syncCatalog([fixtureEntry(server.base, 'small', '/gen/ill-formed.xml')]);
    const report = await engine.ingest();
    assert.equal(report.failed, 0, JSON.stringify(report.outcomes));
    assert.equal(report.ok, 1);
    assert.match(report.outcomes[0]!.illFormed!, /^not well-formed XML: /);

    const em = db.orm.em.fork();
    const articles = await em.find(Article, { sourceId: 'small' }, { orderBy: { title: 'asc' } });
    assert.deepEqual(
      articles.map((a) => [a.title, a.url.replace(server.base, '')]),
      [
        ['AT&T leases 12 MW in Ashburn', '/gen/ashburn?id=7&src=rss'],
        ['Operator\u2019s unclosed cooling notes', '/gen/cooling'],
        ['Switchs new Reno building', '/gen/reno'],
      ],
    );
    const source = await em.findOneOrFail(Source, { id: 'small' });
    assert.equal(source.lastStatus, 'ok');
    assert.equal(source.lastError, null);
    assert.equal(source.consecutiveFailures, 0);
    assert.equal(source.nextAttemptAt, null);

    const list = await sources('list');
    assert.match(list, /^small .* ok \(ill-formed but read\) /m);
    assert.doesNotMatch(await sources('list', '--failing'), /^small /m);
    assert.match(await sources('show', 'small'), /well-formed:\s+no, read leniently: not well-formed XML: .+ \(line \d+\)/);
  });

  it('clears the mark once the publisher mends the feed', async () => {
    const mended = MENDED.replaceAll('{base}', server.base);
    server.serve('/gen/ill-formed.xml', mended);
    clock.set(new Date('2026-11-20T13:00:00Z'));
    const report = await createEngine(db.orm, testEngineConfig(), { clock }).ingest({ force: true });
    assert.equal(report.ok, 1, JSON.stringify(report.outcomes));
    assert.equal(report.outcomes[0]!.illFormed, undefined);
    assert.equal(report.newArticles, 0, 'the same articles, known again');
    const source = await db.orm.em.fork().findOneOrFail(Source, { id: 'small' });
    assert.equal(source.illFormed, null);
    assert.equal(source.lastSuccessAt?.toISOString(), '2026-11-20T13:00:00.000Z');
    assert.doesNotMatch(await sources('list'), /ill-formed/);
    assert.match(await sources('show', 'small'), /well-formed:\s+yes/);
  });

  it('stores an entry with no link, guid or enclosure once, however often the feed repeats it', async () => {
    server.serve('/gen/no-links.xml', NO_LINKS);
    const engine = createEngine(db.orm, testEngineConfig(), { clock });
    await engine.syncCatalog([fixtureEntry(server.base, 'notices', '/gen/no-links.xml')]);
    const first = await engine.ingest({ sourceIds: ['notices'] });
    assert.equal(first.newArticles, 2, JSON.stringify(first.outcomes));

    // The next edition of the feed: one new notice on top, the two others repeated as they were.
    server.serve('/gen/no-links.xml', NO_LINKS.replace('<title>County notices</title>', `<title>County notices</title>${NEXT_NOTICE}`));
    clock.set(new Date('2026-11-20T14:00:00Z'));
    const second = await engine.ingest({ sourceIds: ['notices'], force: true });
    assert.equal(second.ok, 1, JSON.stringify(second.outcomes));
    assert.equal(second.newArticles, 1);
    assert.equal(second.repeatedArticles, 2, 'the two repeated notices are known by their identity');

    const stored = await db.orm.em.fork().find(Article, { sourceId: 'notices' }, { orderBy: { title: 'asc' } });
    assert.deepEqual(
      stored.map((a) => a.title),
      [
        'County sets a hearing on data center noise limits',
        'Planning board approves a 48 MW data center near Quincy',
        'Public hearing on the substation expansion',
      ],
    );
    for (const a of stored) assert.match(a.url, /^urn:dcbrief:notices:/, 'an address of its own, never a link to follow');
  });
});

describe('npm run ingest and npm run sources on an ill-formed feed', () => {
  let server: FixtureServer;
  let dir: string;

  before(async () => {
    server = await startFixtureServer();
    dir = mkdtempSync(path.join(tmpdir(), 'dcbrief-ill-formed-'));
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the pass reads it and names it; the sources list shows it ok, ill-formed but read', async () => {
    server.serve('/gen/ill-formed.xml', ILL_FORMED.replaceAll('{base}', server.base));
    const catalog = path.join(dir, 'sources.json');
    writeFileSync(catalog, JSON.stringify([fixtureEntry(server.base, 'small', '/gen/ill-formed.xml')]));
    const env = { DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test' };

    const ingest = await runCli('ingest.ts', ['--sources', catalog], env);
    assert.equal(ingest.status, 0, ingest.stderr);
    assert.match(ingest.stdout, /failed\s+0\n/);
    assert.match(ingest.stdout, /new articles\s+3\n/);
    assert.match(ingest.stdout, /Ill-formed but read \(not well-formed XML, read leniently\):\n {2}small: not well-formed XML: /);

    const list = await runCli('sources.ts', ['list'], env);
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /^small .* ok \(ill-formed but read\) +200 +0 /m);
  });
});
