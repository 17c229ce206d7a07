import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { MikroORM } from '@mikro-orm/sqlite';
import { createEngine, INGEST_JOB, IngestBusyError, type Engine } from '../../src/engine/engine.js';
import { HttpFetcher, type Fetcher } from '../../src/engine/fetch/http-fetcher.js';
import { JobLease } from '../../src/db/lease.js';
import { scheduleIngest } from '../../src/jobs/ingest-schedule.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { Story } from '../../src/engine/model/story.entity.js';
import { judgeSentence } from '../../src/engine/summarize/fact-filter.js';
import type { IngestReport } from '../../src/engine/ingest.service.js';
import type { Edition } from '../../src/engine/edition/edition.js';
import { fixtureCatalog, HOSTILE_IDS, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { openTestOrm, testEngineConfig } from './support.js';

const OPINION_SENTENCES = [
  'The AI data center boom is a bubble, and it will burst.',
  'In my view, investors should stop pouring billions into GPU halls.',
  'Frankly, the sector has been far too relaxed about its ticketing systems.',
  'This could make Frankfurt the most important interconnection market in Europe.',
  'Is Frankfurt running out of power?',
  'Leider wird der Strom in der Region immer knapper.',
  "Selon moi, c'est une excellente nouvelle pour l'écosystème allemand.",
  'Probablemente sea el mayor proyecto de la compañía en Alemania.',
  'Wij vinden dit een verstandig besluit.',
  'Niestety, to zła wiadomość dla branży.',
  'この動きは業界に大きな影響を与えるかもしれない。',
];

describe('ingest over the fixture feeds', () => {
  let server: FixtureServer;
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  let engine: Engine;
  let first: IngestReport;
  let stories: Story[];
  let articles: Article[];
  const clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));

  before(async () => {
    server = await startFixtureServer();
    db = await openTestOrm();
    engine = createEngine(db.orm, testEngineConfig(), { clock });
    await engine.syncCatalog(fixtureCatalog(server.base));
    first = await engine.ingest();
    const em = db.orm.em.fork();
    stories = await em.find(Story, {});
    articles = await em.find(Article, {});
  });

  after(async () => {
    await server?.close();
    await db?.close();
  });

  const storyOf = (url: string) => {
    const article = articles.find((a) => a.url.includes(url));
    assert.ok(article, `article ${url} stored`);
    return stories.find((s) => s.id === article.storyId)!;
  };

  it('fetches every good source and records each hostile one as failed, without stopping the rest', () => {
    assert.equal(first.sources, 21);
    assert.equal(first.ok, 16);
    assert.equal(first.failed, 5);
    const failed = first.outcomes
      .filter((o) => o.status === 'failed')
      .map((o) => o.sourceId)
      .sort();
    assert.deepEqual(failed, [...HOSTILE_IDS].sort());
    const errors = Object.fromEntries(first.outcomes.filter((o) => o.error).map((o) => [o.sourceId, o.error!]));
    assert.match(errors['fx-huge']!, /larger than/);
    assert.match(errors['fx-loop']!, /redirects/);
    assert.match(errors['fx-slow']!, /timed out/);
    assert.match(errors['fx-error']!, /HTTP 503/);
    assert.match(errors['fx-broken']!, /not a readable feed/);
  });

  it('names the product in the User-Agent', () => {
    assert.ok(server.requests.every((r) => r.userAgent?.startsWith('DCBriefBot/')));
  });

  it('clusters one event told in five languages into one story with every source', () => {
    const story = storyOf('/en/equinix-fr9-frankfurt');
    assert.deepEqual(story.languages, ['de', 'en', 'es', 'fr', 'ja']);
    for (const id of ['fx-dcd-en', 'fx-heise-de', 'fx-fr', 'fx-es', 'fx-ja', 'fx-aggregator']) assert.ok(story.sourceIds.includes(id), id);
    assert.equal(story.corroboration, 5, 'the aggregator republished the same article: not independent');
    assert.equal(story.title, 'Equinix to build 60 MW FR9 data center in Frankfurt');
    assert.equal(story.interest, 'infrastructure');
  });

  it('stores an article seen again under another URL and in another feed once', () => {
    const copies = articles.filter((a) => a.canonicalUrl.endsWith('/en/equinix-fr9-frankfurt'));
    assert.equal(copies.length, 1);
    assert.deepEqual(copies[0]!.alsoSourceIds, ['fx-aggregator']);
    assert.ok(!copies[0]!.canonicalUrl.includes('utm_'));
  });

  it('counts wire copies of one text as one independent outlet', () => {
    const story = storyOf('/wire-a/ntt-mumbai');
    assert.deepEqual(story.sourceIds, ['fx-it', 'fx-wire-a', 'fx-wire-b', 'fx-wire-c']);
    assert.equal(story.corroboration, 2);
  });

  it('keeps different events apart', () => {
    const ids = new Set(
      [
        '/en/equinix-fr9-frankfurt',
        '/wire-a/ntt-mumbai',
        '/en/nordhaven-ransomware',
        '/pt/scala-campus',
        '/nl/moratorium',
        '/pages/vertiv-texas.html',
      ].map((u) => storyOf(u).id),
    );
    assert.equal(ids.size, 6);
    assert.equal(storyOf('/nl/moratorium').id, storyOf('/pl/moratorium').id);
  });

  it('classifies stories into the spec interests with reasons', () => {
    const security = storyOf('/en/nordhaven-ransomware');
    assert.equal(security.interest, 'security');
    assert.ok(security.classification.reasons.some((r) => r.interest === 'security' && r.concept === 'ransomware' && r.where === 'title'));
    assert.equal(storyOf('/nl/moratorium').interest, 'regulations');
  });

  it('decodes feeds in Latin-1 and Windows-1252', () => {
    const pt = articles.find((a) => a.url.includes('/pt/scala-campus'))!;
    assert.match(pt.title, /São Paulo/);
    const fr = articles.find((a) => a.url.includes('/fr/equinix-fr9'))!;
    assert.match(fr.title, /à Francfort/);
    assert.equal(pt.language, 'pt');
  });

  it('reads podcast transcripts and extracts the text of snippet-only articles from their page', () => {
    const episode = articles.find((a) => a.kind === 'podcast')!;
    assert.ok(episode.hasTranscript);
    assert.match(episode.text, /Iron Mountain deployed direct-to-chip cooling/);
    assert.doesNotMatch(episode.text, /-->/);
    const page = articles.find((a) => a.url.includes('vertiv-texas'))!;
    assert.ok(page.extractedFromPage);
    assert.match(page.text, /2,000 coolant distribution units/);
    assert.doesNotMatch(page.text, /Cookie settings/);
  });

  it('attributes every summary sentence to sources that state it', () => {
    for (const story of stories) {
      for (const depth of ['brief', 'standard', 'detailed'] as const) {
        for (const sentence of story.summaries[depth]) {
          assert.ok(sentence.sourceIds.length > 0);
          assert.ok(sentence.sourceIds.every((id) => story.sourceIds.includes(id)));
          const own = articles.filter((a) => sentence.articleIds.includes(a.id));
          assert.ok(
            own.some((a) => a.text.includes(sentence.text) || a.title === sentence.text),
            `"${sentence.text}" is in its article`,
          );
        }
      }
    }
    const fr9 = storyOf('/en/equinix-fr9-frankfurt');
    const lead = fr9.summaries.brief[0]!;
    assert.match(lead.text, /€500 million/);
    assert.ok(lead.sourceIds.length >= 3, `the lead figure is attributed across languages: ${lead.sourceIds}`);
    assert.ok(fr9.summaries.keyFigures.some((f) => f.key === 'mw:60' && f.sourceIds.length >= 5));
  });

  it('never lets an opinion, speculation, marketing or question sentence into a summary', () => {
    const all = stories.flatMap((s) => [...s.summaries.brief, ...s.summaries.standard, ...s.summaries.detailed]);
    assert.ok(all.length > 10);
    for (const sentence of all) {
      assert.ok(!OPINION_SENTENCES.some((o) => sentence.text.includes(o) || o.includes(sentence.text)), sentence.text);
      assert.ok(judgeSentence(sentence.text, sentence.language).keep, sentence.text);
    }
    assert.equal(storyOf('/opinion/ai-bubble').summaries.brief.length, 0);
  });

  it('gives the three depths their sizes', () => {
    const fr9 = storyOf('/en/equinix-fr9-frankfurt');
    assert.equal(fr9.summaries.brief.length, 1);
    assert.ok(fr9.summaries.standard.length >= 2 && fr9.summaries.standard.length <= 3);
    // Detailed adds facts when the story has more distinct ones in the reader's language; FR9 has three.
    assert.ok(fr9.summaries.detailed.length >= fr9.summaries.standard.length && fr9.summaries.detailed.length <= 6);
    assert.deepEqual(fr9.summaries.standard, fr9.summaries.detailed.slice(0, fr9.summaries.standard.length));
  });

  it('builds a ranked daily edition of the window and a weekly one', async () => {
    // The next morning's edition: stories ingested at 12:00 yesterday are in its window.
    const to = new Date('2026-11-21T09:00:00Z');
    const daily: Edition = await engine.edition({ to, from: new Date(to.getTime() - 86_400_000) });
    assert.equal(daily.kind, 'daily');
    const titles = daily.stories.map((s) => s.title);
    assert.equal(daily.stories[0]!.title, 'Equinix to build 60 MW FR9 data center in Frankfurt', 'most corroborated first');
    assert.ok(!titles.some((t) => /Opinion/.test(t)));
    assert.ok(!titles.some((t) => /moratorium/i.test(t)), 'last reported more than a day before the window: history, not news');
    const top = daily.stories[0]!;
    assert.deepEqual(Object.keys(top.summaries), ['brief', 'standard', 'detailed']);
    assert.ok(top.sources.every((s) => s.name && s.url.startsWith('http') && s.language));
    assert.ok(top.summaries.standard.every((s) => s.sourceIds.length > 0));
    const weekly = await engine.edition({ kind: 'weekly', to });
    assert.ok(weekly.stories.some((s) => /moratorium/i.test(s.title)));
    assert.ok(weekly.storyCount >= daily.storyCount);
  });

  it('runs on a schedule: a pass at start, none while one is running, nothing when the interval is 0', async () => {
    const off = createEngine(db.orm, testEngineConfig(), { clock });
    let offRuns = 0;
    await scheduleIngest(off, { intervalMinutes: 0, syncShippedCatalog: false, onReport: () => offRuns++ })();
    assert.equal(offRuns, 0);
    const hourly = createEngine(db.orm, testEngineConfig(), { clock });
    const reports: IngestReport[] = [];
    const stop = scheduleIngest(hourly, { intervalMinutes: 60, syncShippedCatalog: false, onReport: (r) => reports.push(r) });
    const concurrent = hourly.ingest();
    await stop();
    await concurrent;
    assert.equal(reports.length, 1);
    assert.equal(reports[0], await concurrent, 'an operator run during a scheduled pass joins it instead of fetching twice');
  });

  it('across processes one pass at a time: while one holds the ingest lease, another is told who has it, and its schedule skips its turn', async () => {
    // Its own database; a second ORM on the same file stands for another process (a server, `npm run ingest`).
    const own = await openTestOrm();
    const other = await MikroORM.init({ ...own.orm.config.getAll(), entities: own.orm.config.get('entities') } as Parameters<
      typeof MikroORM.init
    >[0]);
    try {
      await createEngine(own.orm, testEngineConfig(), { clock }).syncCatalog(fixtureCatalog(server.base));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const slow: Fetcher = {
        async fetch(...args) {
          entered();
          await gate;
          return new HttpFetcher(testEngineConfig().fetch).fetch(...args);
        },
      };
      const holder = createEngine(own.orm, testEngineConfig(), { clock, fetcher: slow });
      const first = holder.ingest({ force: true });
      await inside;
      const elsewhere = createEngine(other, testEngineConfig(), { clock });
      await assert.rejects(
        elsewhere.ingest(),
        (err: Error) => err instanceof IngestBusyError && /Another ingest pass is running \(.+:\d+:\w+, lease until /.test(err.message),
      );
      const reports: IngestReport[] = [];
      const scheduled = createEngine(other, testEngineConfig(), { clock });
      await scheduleIngest(scheduled, { intervalMinutes: 60, syncShippedCatalog: false, onReport: (r) => reports.push(r) })();
      assert.equal(reports.length, 0, 'the scheduled turn was skipped, not failed');
      release();
      await first;
      const after = await elsewhere.ingest();
      assert.equal(
        after.failed + after.ok + after.notModified + after.skippedBackoff > 0,
        true,
        'once released, the other process ingests',
      );
      // A holder that died leaves its lease; past its end another process takes it over.
      await own.orm.em
        .fork()
        .insert(JobLease, { name: INGEST_JOB, owner: 'dead-host:1:abcdef01', until: new Date(clock.now().getTime() - 1000) });
      assert.ok(await elsewhere.ingest(), 'an expired lease is taken over');
      assert.equal(await own.orm.em.fork().count(JobLease, {}), 0, 'and released after the pass');
    } finally {
      await other.close();
      await own.close();
    }
  });

  it('fetches again with conditional GET: every good feed answers 304 and nothing new is stored', async () => {
    const before = server.requests.length;
    clock.advance(5 * 60_000);
    const second = await engine.ingest();
    assert.equal(second.notModified, 16);
    assert.equal(second.ok, 0);
    assert.equal(second.newArticles, 0);
    assert.equal(second.skippedBackoff, 5, 'failing sources wait for their backoff');
    const again = server.requests.slice(before);
    assert.equal(again.length, 16);
    assert.ok(again.every((r) => r.ifNoneMatch?.startsWith('"') && r.ifModifiedSince === 'Fri, 20 Nov 2026 11:00:00 GMT'));
    const em = db.orm.em.fork();
    assert.equal(await em.count(Article, {}), articles.length);
    const huge = await em.findOneOrFail(Source, { id: 'fx-huge' });
    assert.equal(huge.lastStatus, 'failed');
    assert.equal(huge.consecutiveFailures, 1);
    assert.ok(huge.nextAttemptAt && huge.nextAttemptAt > clock.now());
    const dcd = await em.findOneOrFail(Source, { id: 'fx-dcd-en' });
    assert.equal(dcd.lastStatus, 'not-modified');
    assert.equal(dcd.lastHttpStatus, 304);
  });
});
