import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { loadCatalog } from '../../src/engine/sources/catalog.js';
import { exportOpml, importOpml } from '../../src/engine/sources/opml.js';
import { runSourcesCommand } from '../../src/cli/sources-commands.js';
import { addSource, listSources, setSourceEnabled, SourceError, syncCatalog } from '../../src/engine/sources/sources.service.js';
import { openTestOrm } from './support.js';

describe('operator source administration', () => {
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  const clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));
  const catalog = loadCatalog();
  before(async () => {
    db = await openTestOrm();
  });
  after(async () => db.close());

  it('syncs the shipped catalog once, keeping an operator’s disable across later syncs', async () => {
    const em = db.orm.em.fork();
    assert.deepEqual(await syncCatalog(em, catalog, clock), { added: catalog.length, updated: 0 });
    await setSourceEnabled(em, 'heise-online', false);
    assert.deepEqual(await syncCatalog(db.orm.em.fork(), catalog, clock), { added: 0, updated: 0 });
    const heise = await db.orm.em.fork().findOneOrFail(Source, { id: 'heise-online' });
    assert.equal(heise.enabled, false);
    assert.equal((await listSources(db.orm.em.fork(), { enabled: false })).length, 1);
  });

  it('survives two servers syncing the catalog at once: rows the other inserted are skipped, not a failure', async () => {
    const other = await openTestOrm();
    try {
      const results = await Promise.all([
        syncCatalog(other.orm.em.fork(), catalog, clock),
        syncCatalog(other.orm.em.fork(), catalog, clock),
      ]);
      assert.equal(results[0].added + results[1].added, catalog.length, JSON.stringify(results));
      assert.equal(await other.orm.em.fork().count(Source, {}), catalog.length);
      // A feed an operator already follows under an id of their own is skipped too, not a unique violation.
      const em = other.orm.em.fork();
      const entry = { ...catalog[0]!, id: 'brand-new-entry', name: 'Brand new' };
      assert.deepEqual(await syncCatalog(em, [entry], clock), { added: 0, updated: 0 });
    } finally {
      await other.close();
    }
  });

  it('adds the sources of a catalog file disabled when asked, keeping those already there as they are', async () => {
    const other = await openTestOrm();
    try {
      await syncCatalog(other.orm.em.fork(), catalog.slice(0, 2), clock);
      const file = [{ ...catalog[0]!, id: 'file-only-source', name: 'File only', feedUrl: 'https://file.example.org/feed' }, catalog[1]!];
      assert.deepEqual(await syncCatalog(other.orm.em.fork(), file, clock, { enabled: false }), { added: 1, updated: 0 });
      const enabled = Object.fromEntries((await other.orm.em.fork().find(Source, {})).map((s) => [s.id, s.enabled]));
      assert.deepEqual(enabled, { [catalog[0]!.id]: true, [catalog[1]!.id]: true, 'file-only-source': false });
    } finally {
      await other.close();
    }
  });

  it('adds an operator source, and refuses a duplicate id, a followed feed or invalid fields', async () => {
    const em = db.orm.em.fork();
    const entry = {
      id: 'my-blog',
      name: 'My DC blog',
      siteUrl: 'https://blog.example.net',
      feedUrl: 'https://blog.example.net/feed.xml',
      kind: 'news',
      language: 'en',
      country: 'GB',
      categories: ['operations'],
      weight: 1,
    };
    const added = await addSource(em, entry, clock);
    assert.equal(added.origin, 'operator');
    await assert.rejects(addSource(db.orm.em.fork(), entry, clock), /exists/);
    await assert.rejects(
      addSource(db.orm.em.fork(), { ...entry, id: 'other', feedUrl: catalog[0]!.feedUrl }, clock),
      /already followed as "datacenterdynamics"/,
    );
    await assert.rejects(addSource(db.orm.em.fork(), { ...entry, id: 'Bad Id' }, clock), SourceError);
  });

  it('exports OPML and imports it back without losing a field', () => {
    const some = catalog.slice(0, 5);
    const { entries, skipped } = importOpml(exportOpml(some));
    assert.deepEqual(entries, some);
    assert.deepEqual(skipped, []);
  });

  it('imports a plain feed reader OPML with defaults', () => {
    const opml = `<?xml version="1.0"?><opml version="1.0"><body><outline text="Tech"><outline text="Rechenzentren Blog" xmlUrl="https://rz.example.de/feed" htmlUrl="https://rz.example.de" language="de"/></outline></body></opml>`;
    const { entries } = importOpml(opml);
    assert.deepEqual(entries, [
      {
        id: 'rechenzentren-blog',
        name: 'Rechenzentren Blog',
        siteUrl: 'https://rz.example.de',
        feedUrl: 'https://rz.example.de/feed',
        kind: 'news',
        language: 'de',
        country: 'INT',
        categories: ['infrastructure'],
        weight: 1,
      },
    ]);
  });

  it('runs the sources commands an operator types', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'opml-'));
    const run = (...args: string[]) => runSourcesCommand(db.orm.em.fork(), clock, args);
    assert.match(await run('disable', 'golem'), /golem disabled/);
    assert.match(await run('list', '--disabled'), /golem/);
    assert.match(await run('enable', 'golem'), /golem enabled/);
    const file = path.join(dir, 'all.opml');
    assert.match(await run('export-opml', file), /wrote/);
    assert.equal(importOpml(readFileSync(file, 'utf8')).entries.length, catalog.length + 1);
    writeFileSync(
      path.join(dir, 'new.opml'),
      '<opml version="2.0"><body><outline text="New Feed" xmlUrl="https://new.example.org/rss"/><outline text="Again" xmlUrl="https://blog.example.net/feed.xml"/></body></opml>',
    );
    const imported = await run('import-opml', path.join(dir, 'new.opml'));
    assert.match(imported, /imported 1 of 2/);
    assert.match(imported, /already followed/);
    const listed = await run('list', '--language', 'ja');
    assert.match(listed, /cloud-watch/);
    assert.match(listed, /status/);
  });

  it('shows the fetch state: ETag, Last-Modified and last fetch in the list, every field with show', async () => {
    const em = db.orm.em.fork();
    const golem = await em.findOneOrFail(Source, { id: 'golem' });
    Object.assign(golem, {
      etag: 'W/"5f2a9c0e7d41b3aa90c1d2e3"',
      lastModified: 'Fri, 20 Nov 2026 11:00:00 GMT',
      lastFetchedAt: new Date('2026-11-20T12:00:30Z'),
      lastSuccessAt: new Date('2026-11-20T12:00:30Z'),
      lastStatus: 'ok',
      lastHttpStatus: 200,
    });
    await em.flush();
    const run = (...args: string[]) => runSourcesCommand(db.orm.em.fork(), clock, args);
    const listed = await run('list', '--language', 'de');
    const [header, , ...rows] = listed.split('\n');
    for (const column of ['http', 'fetched', 'etag', 'last-modified']) assert.match(header!, new RegExp(`\\b${column}\\b`));
    const row = rows.find((r) => r.startsWith('golem '))!;
    assert.match(row, /\b200\b/);
    assert.match(row, /2026-11-20 12:00Z/, 'last fetch, to the minute');
    assert.match(row, /2026-11-20 11:00Z/, 'Last-Modified, compact');
    assert.match(row, /W\/"5f2a9c0e7d41… /, 'ETag, shortened');
    const shown = await run('show', 'golem');
    for (const line of [
      /^ETag: +W\/"5f2a9c0e7d41b3aa90c1d2e3"$/m,
      /^Last-Modified: +Fri, 20 Nov 2026 11:00:00 GMT$/m,
      /^last fetched: +2026-11-20T12:00:30.000Z$/m,
      /^last HTTP status: +200$/m,
      /^consecutive failures: +0$/m,
      /^next attempt: +next pass$/m,
      /^feed: +https:\/\//m,
    ]) {
      assert.match(shown, line);
    }
    await assert.rejects(run('show', 'nope'), /no source "nope"/);
  });

  it('refuses a mistyped command, flag or missing argument by name instead of guessing', async () => {
    const run = (...args: string[]) => runSourcesCommand(db.orm.em.fork(), clock, args);
    await assert.rejects(run('lst'), { name: 'CliError', message: 'Unknown command "lst".' });
    await assert.rejects(run('list', '--languge', 'de'), /Unknown option --languge\./);
    await assert.rejects(run('list', '--language'), /--language needs a value\./);
    await assert.rejects(run('disable'), /usage: sources disable <id>/);
    await assert.rejects(run('disable', '--golem'), /Unknown option --golem\./, 'a flag is not taken for an id');
  });
});
