import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { digestListSchema, digestStatsSchema, READING_WORDS_PER_MINUTE } from '@dcbrief/shared';
import type { Orm } from '../../src/db/orm.js';
import { EngineEditionReader } from '../../src/delivery/engine-edition.js';
import { composeDigests } from '../../src/delivery/compose-digests.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { planDeliveries } from '../../src/delivery/plan.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { newStory } from '../../src/engine/model/story.entity.js';
import { contentHash } from '../../src/engine/normalize/normalize.js';
import { ExtractiveSummarizer } from '../../src/engine/summarize/extractive.js';
import { summarizeStory } from '../../src/engine/summarize/story-summary.js';
import { json, type TestClient } from '../support/client.js';
import { setSubscription } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { signIn } from '../support/users.js';
import { deliveryDeps } from './fixtures.js';

const OUTLETS = {
  dcd: 'DatacenterDynamics',
  heise: 'heise online',
  lemagit: 'LeMagIT',
  cisa: 'CISA',
  register: 'The Register',
};
type Outlet = keyof typeof OUTLETS;

/** Plain sentences of plain words, so a whitespace split counts them as the product must. */
function report(fact: string, detail: string, sentences: number): string {
  return [
    fact,
    ...Array.from({ length: sentences }, (_, i) => `${detail} ${i + 1} holds ${40 + i} racks on floor ${1 + (i % 4)} of the building.`),
  ].join(' ');
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A story told by several outlets, stored as an ingest pass at `fetchedAt` stores it (the engine's own summarizer). */
async function ingest(orm: Orm, title: string, reports: Array<{ outlet: Outlet; text: string }>, fetchedAt: string): Promise<number> {
  const em = orm.em.fork();
  for (const outlet of new Set(reports.map((r) => r.outlet))) {
    if (await em.findOne(Source, { id: outlet })) continue;
    em.persist(
      Object.assign(new Source(), {
        id: outlet,
        name: OUTLETS[outlet],
        siteUrl: `https://${outlet}.example`,
        feedUrl: `https://${outlet}.example/feed`,
        language: 'en',
        country: 'GB',
        categories: ['infrastructure'],
      }),
    );
  }
  const articles = reports.map(({ outlet, text }) => {
    const url = `https://${outlet}.example/${encodeURIComponent(title)}`;
    return Object.assign(new Article(), {
      sourceId: outlet,
      url,
      canonicalUrl: url,
      contentHash: contentHash(title, text),
      title,
      text,
      language: 'en',
      publishedAt: new Date(Date.parse(fetchedAt) - 3600_000),
      fetchedAt: new Date(fetchedAt),
    });
  });
  const sources = new Map(reports.map((r) => [r.outlet as string, { weight: 1, categories: ['infrastructure' as const] }]));
  const story = await summarizeStory(newStory(new Date(fetchedAt)), articles, sources, new ExtractiveSummarizer(), 'en');
  for (const a of articles) a.storyId = story.id;
  em.persist([...articles, story]);
  await em.flush();
  assert.ok(story.summaries.brief.length > 0, `${title}: the fixture needs a fact sentence`);
  return articles.reduce((sum, a) => sum + words(a.title) + words(a.text), 0);
}

describe('GET /api/digests/stats: figures from the digests as stored', () => {
  let ts: TestServer;
  let reader: TestClient;
  let other: TestClient;
  /** Words of the articles behind each story, as written. */
  const sourceWords: number[] = [];

  before(async () => {
    ts = await startTestServer({ now: '2026-11-23T22:00:00Z' });
    reader = await signIn(ts, 'reader@stats.example');
    other = await signIn(ts, 'other@stats.example');
    for (const email of ['reader@stats.example', 'other@stats.example']) await setSubscription(ts.orm, email, 'basic', 'active');
    assert.equal((await other.post('/api/user/preferences', { interests: { security: false } })).status, 200);
    const deps = { ...deliveryDeps(ts), editions: new EngineEditionReader(ts.orm, ts.clock) };
    const passAt = async (iso: string) => {
      ts.clock.set(iso);
      await runDeliveryPass(deps, ts.clock.now());
    };
    sourceWords.push(
      await ingest(
        ts.orm,
        'Equinix opens MD7 in Madrid',
        [
          {
            outlet: 'dcd',
            text: report('Equinix opened its MD7 data center in Madrid on 23 November with 60 MW of IT capacity.', 'Hall', 30),
          },
          { outlet: 'heise', text: report('Equinix opened the MD7 campus in Madrid on 23 November.', 'Room', 45) },
          { outlet: 'lemagit', text: report('The MD7 site in Madrid has 60 MW of IT capacity.', 'Suite', 20) },
        ],
        '2026-11-23T20:00:00Z',
      ),
    );
    await passAt('2026-11-24T06:05:00Z');
    sourceWords.push(
      await ingest(
        ts.orm,
        'CISA lists BMC firmware flaw CVE-2026-4410',
        [
          {
            outlet: 'cisa',
            text: report('CISA added CVE-2026-4410 to its Known Exploited Vulnerabilities catalog on 24 November.', 'Server', 25),
          },
          { outlet: 'heise', text: report('CISA listed the firmware flaw CVE-2026-4410 on 24 November.', 'Rack', 35) },
        ],
        '2026-11-24T20:00:00Z',
      ),
    );
    // Security is off for the other subscriber, but no other story is new: they get it too, marked.
    await passAt('2026-11-25T06:05:00Z');
    await ingest(
      ts.orm,
      'Register reports a cooling order',
      [{ outlet: 'register', text: report('Schneider Electric won a 200 MW cooling order on 25 November.', 'Unit', 10) }],
      '2026-11-25T20:00:00Z',
    );
  });
  after(() => ts.close());

  test('digests received, distinct outlets in them and the reading time their sources would have taken', async () => {
    const stats = await json(await reader.get('/api/digests/stats'), digestStatsSchema);
    const digests = await json(await reader.get('/api/digests'), digestListSchema);
    assert.equal(digests.length, 2);
    assert.equal(stats.digests, 2);
    assert.equal(stats.outlets, 4, 'DatacenterDynamics, heise online, LeMagIT, CISA (heise counted once)');
    assert.equal(stats.sourceWords, sourceWords[0]! + sourceWords[1]!);
    const read = digests
      .flatMap((d) => d.stories)
      .reduce(
        (sum, s) =>
          sum + words(s.title) + s.summary.reduce((n, x) => n + words(x.text), 0) + s.keyFigures.reduce((n, f) => n + words(f), 0),
        0,
      );
    assert.equal(stats.digestWords, read);
    assert.equal(stats.minutesSaved, Math.floor((stats.sourceWords - read) / READING_WORDS_PER_MINUTE));
    assert.ok(stats.minutesSaved > 0);
    // The story behind each figure is in the digest as stored, with the words of its sources.
    assert.deepEqual(
      digests.flatMap((d) => d.stories.map((s) => s.sourceWords)),
      [sourceWords[1], sourceWords[0]],
    );
  });

  test("only the subscriber's own sent digests count; signed out is a 401", async () => {
    ts.clock.set('2026-11-26T06:05:00Z');
    // The third story is composed for both but not sent yet: pending digests are not figures.
    const deps = { ...deliveryDeps(ts), editions: new EngineEditionReader(ts.orm, ts.clock) };
    await planDeliveries(deps, ts.clock.now());
    await composeDigests(deps, ts.clock.now());
    const stats = await json(await reader.get('/api/digests/stats'), digestStatsSchema);
    assert.equal(stats.digests, 2);
    assert.equal(stats.outlets, 4);
    const others = await json(await other.get('/api/digests/stats'), digestStatsSchema);
    assert.equal(others.digests, 2);
    assert.equal(others.outlets, 4);
    const anonymous = await fetch(`${ts.url}/api/digests/stats`);
    assert.equal(anonymous.status, 401);
  });
});
