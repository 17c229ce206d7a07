import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Orm } from '../../src/db/orm.js';
import { EngineEditionReader } from '../../src/delivery/engine-edition.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { newStory, Story } from '../../src/engine/model/story.entity.js';
import { ExtractiveSummarizer } from '../../src/engine/summarize/extractive.js';
import { summarizeStory } from '../../src/engine/summarize/story-summary.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { recipient } from '../support/users.js';
import { addSubscribers, deliveryDeps } from './fixtures.js';

/**
 * A story as an ingest pass at `fetchedAt` stores it: its article, published at `publishedAt`, summarized by
 * the engine's own summarizeStory (which records the ingest time editions select on).
 */
async function ingest(orm: Orm, title: string, fact: string, publishedAt: string, fetchedAt: string): Promise<Story> {
  const em = orm.em.fork();
  if (!(await em.findOne(Source, { id: 'wire' }))) {
    em.persist(
      Object.assign(new Source(), {
        id: 'wire',
        name: 'Wire',
        siteUrl: 'https://wire.example',
        feedUrl: 'https://wire.example/feed',
        language: 'en',
        country: 'GB',
        categories: ['infrastructure'],
      }),
    );
  }
  const slug = encodeURIComponent(title);
  const article = Object.assign(new Article(), {
    sourceId: 'wire',
    url: `https://wire.example/${slug}`,
    canonicalUrl: `https://wire.example/${slug}`,
    contentHash: slug,
    title,
    text: fact,
    language: 'en',
    publishedAt: new Date(publishedAt),
    fetchedAt: new Date(fetchedAt),
  });
  const story = await summarizeStory(
    newStory(new Date(fetchedAt)),
    [article],
    new Map([['wire', { weight: 1, categories: ['infrastructure'] }]]),
    new ExtractiveSummarizer(),
    'en',
  );
  article.storyId = story.id;
  em.persist([article, story]);
  await em.flush();
  assert.ok(story.summaries.brief.length > 0, `${title}: the fixture needs a fact sentence`);
  return story;
}

describe('edition window: stories are handed over by when we ingested them', () => {
  let sink: SmtpSink;
  let ts: TestServer;
  const titlesTo = (email: string) => sink.messages.filter((m) => recipient(m) === email).map((m) => m.text ?? '');
  const count = (texts: string[], needle: string) => texts.filter((t) => t.includes(needle)).length;

  before(async () => {
    sink = await startSmtpSink();
    ts = await startTestServer({ env: { SMTP_URL: sink.url }, now: '2026-11-24T06:05:00Z' });
  });
  after(async () => {
    await ts.close();
    await sink.close();
  });

  test("a story published before the send hour but ingested after it reaches the next day's digest, exactly once", async () => {
    await addSubscribers(ts.orm, [{ email: 'early@window.example', timezone: 'UTC', preferences: { weeklySummary: false } }]);
    const deps = { ...deliveryDeps(ts), editions: new EngineEditionReader(ts.orm, ts.clock) };
    const passAt = async (iso: string) => {
      ts.clock.set(iso);
      await runDeliveryPass(deps, ts.clock.now());
    };
    await ingest(
      ts.orm,
      'Equinix opens MD7 in Madrid',
      'Equinix opened its MD7 data center in Madrid on 23 November with 60 MW of IT capacity.',
      '2026-11-23T20:00:00Z',
      '2026-11-23T20:10:00Z',
    );
    await passAt('2026-11-24T06:05:00Z');
    // Published at 05:40, read by the hourly ingest at 06:20: after the 06:00 digest went out.
    await ingest(
      ts.orm,
      'Digital Realty expands PAR8 in Paris',
      'Digital Realty completed the 12 MW expansion of its PAR8 data center in Paris on 24 November.',
      '2026-11-24T05:40:00Z',
      '2026-11-24T06:20:00Z',
    );
    await passAt('2026-11-24T06:30:00Z');
    await passAt('2026-11-25T06:05:00Z');
    await passAt('2026-11-26T06:05:00Z');

    const texts = titlesTo('early@window.example');
    assert.equal(texts.length, 3, 'one digest a day');
    assert.equal(count(texts, 'Equinix opens MD7'), 1);
    assert.equal(count(texts, 'Digital Realty expands PAR8'), 1, 'the late-ingested story reaches exactly one digest');
    assert.ok(texts[1]!.includes('Digital Realty expands PAR8'), "the next day's");
    const digests = await ts.orm.em
      .fork()
      .find(Digest, { user: { email: 'early@window.example' } }, { populate: ['content'], orderBy: { date: 'asc' } });
    assert.deepEqual(
      digests.map((d) => [d.date, d.content!.stories.map((s) => s.title)]),
      [
        ['2026-11-24', ['Equinix opens MD7 in Madrid']],
        ['2026-11-25', ['Digital Realty expands PAR8 in Paris']],
        ['2026-11-26', []],
      ],
    );
    assert.equal(digests[2]!.quiet, true);
  });

  test('the day the clocks go back, the 25-hour day is covered: a story ingested in the extra hour is not lost', async () => {
    // New York, 06:00: 10:00Z on 31 October (EDT), 11:00Z on 1 November (EST).
    await addSubscribers(ts.orm, [{ email: 'ny@window.example', timezone: 'America/New_York', preferences: { weeklySummary: false } }]);
    const deps = { ...deliveryDeps(ts), editions: new EngineEditionReader(ts.orm, ts.clock) };
    ts.clock.set('2026-10-31T10:05:00Z');
    await runDeliveryPass(deps, ts.clock.now());
    await ingest(
      ts.orm,
      'NTT adds liquid cooling in Osaka',
      'NTT Data installed direct-to-chip liquid cooling for racks of up to 120 kW in its Osaka 2 data center on 31 October.',
      '2026-10-31T10:15:00Z',
      '2026-10-31T10:30:00Z',
    );
    ts.clock.set('2026-11-01T11:05:00Z');
    await runDeliveryPass(deps, ts.clock.now());
    const texts = titlesTo('ny@window.example');
    assert.equal(texts.length, 2);
    assert.equal(count(texts, 'NTT adds liquid cooling in Osaka'), 1);
    assert.ok(texts[1]!.includes('NTT adds liquid cooling in Osaka'));
  });
});
