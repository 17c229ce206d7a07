import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Interest } from '@dcbrief/shared';
import { buildEdition } from '../../src/engine/edition/edition.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { newStory, Story } from '../../src/engine/model/story.entity.js';
import { classify } from '../../src/engine/classify/interests.js';
import { openTestOrm } from './support.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/database.js';
import { migrator as dbMigrator } from '../../src/db/orm.js';
import { ExtractiveSummarizer } from '../../src/engine/summarize/extractive.js';
import { summarizeStory } from '../../src/engine/summarize/story-summary.js';

const NOW = new Date('2026-11-20T12:00:00Z');

describe('edition ranking', () => {
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  before(async () => {
    db = await openTestOrm();
    const em = db.orm.em.fork();
    for (const [id, weight] of [
      ['heavy', 2],
      ['light', 0.5],
    ] as const) {
      em.persist(
        Object.assign(new Source(), {
          id,
          name: `Source ${id}`,
          siteUrl: `https://${id}.example`,
          feedUrl: `https://${id}.example/feed`,
          language: 'en',
          country: 'GB',
          categories: ['infrastructure'],
          weight,
        }),
      );
    }
    const story = (
      title: string,
      interest: Interest,
      corroboration: number,
      hoursAgo: number,
      sourceId = 'light',
      fact = true,
      ingestedHoursAgo = hoursAgo - 0.25,
    ) => {
      const article = Object.assign(new Article(), {
        sourceId,
        url: `https://${sourceId}.example/${encodeURIComponent(title)}`,
        canonicalUrl: `https://${sourceId}.example/${encodeURIComponent(title)}`,
        contentHash: title,
        title,
        text: title,
        language: 'en',
        publishedAt: new Date(NOW.getTime() - hoursAgo * 3600_000),
        fetchedAt: NOW,
      });
      const sentence = { text: `${title}.`, language: 'en', sourceIds: [sourceId], articleIds: [article.id] };
      const s = Object.assign(new Story(), {
        title,
        titleLanguage: 'en',
        interest,
        classification: { ...classify({ title, text: '', sourceCategories: [interest] }), interest, interests: [interest] },
        summaries: { brief: fact ? [sentence] : [], standard: fact ? [sentence] : [], detailed: fact ? [sentence] : [], keyFigures: [] },
        articleIds: [article.id],
        sourceIds: [sourceId],
        languages: ['en'],
        corroboration,
        firstSeenAt: article.publishedAt,
        lastSeenAt: article.publishedAt,
        ingestedAt: fact ? new Date(NOW.getTime() - ingestedHoursAgo * 3600_000) : null,
      });
      article.storyId = s.id;
      em.persist([article, s]);
    };
    for (let i = 0; i < 5; i++) story(`Infrastructure story ${i}`, 'infrastructure', 3, 2);
    story('Security story', 'security', 2, 2);
    story('Heavy source story', 'operations', 1, 2, 'heavy');
    story('Fresh story', 'technology', 1, 0.5);
    story('Old story', 'technology', 1, 20);
    story('Opinion piece', 'marketTrends', 1, 1, 'light', false);
    story('Last week story', 'regulations', 9, 24 * 5);
    // Published yesterday evening, but its feed was only read an hour ago: it belongs to this window.
    story('Late-ingested story', 'technology', 1, 30, 'light', true, 1);
    // Published in the window, but ingested after it closed: the next window's.
    story('Ingested after the window', 'security', 5, 0.5, 'light', true, -0.5);
    await em.flush();
  });
  after(async () => db.close());

  const daily = () => buildEdition(db.orm.em.fork(), { kind: 'daily', from: new Date(NOW.getTime() - 86_400_000), to: NOW, now: NOW });

  it('ranks by corroboration first, then source weight and recency', async () => {
    const titles = (await daily()).stories.map((s) => s.title);
    assert.match(titles[0]!, /^Infrastructure story/);
    assert.ok(titles.indexOf('Heavy source story') < titles.indexOf('Fresh story'), 'a weightier source beats an equal lighter one');
    assert.ok(titles.indexOf('Fresh story') < titles.indexOf('Old story'), 'newer first at equal standing');
  });

  it('keeps one busy interest from crowding out the others', async () => {
    const titles = (await daily()).stories.map((s) => s.title);
    const infra = titles.map((t, i) => (t.startsWith('Infrastructure') ? i : -1)).filter((i) => i >= 0);
    // Unbalanced, the security story (fewer sources) would come sixth, after all five infrastructure stories.
    assert.equal(titles.indexOf('Security story'), 2);
    assert.ok(infra.filter((i) => i > 2).length === 3);
  });

  it('leaves out stories with no fact sentence and stories ingested before the window', async () => {
    const edition = await daily();
    assert.ok(!edition.stories.some((s) => s.title === 'Opinion piece' || s.title === 'Last week story'));
    assert.equal(edition.select, 'ingested');
    assert.equal(edition.storyCount, edition.stories.length);
    assert.deepEqual(
      edition.stories.map((s) => s.rank),
      edition.stories.map((_, i) => i + 1),
    );
    assert.ok(edition.stories[0]!.interestReasons.length > 0);
    assert.equal(edition.stories[0]!.sources[0]!.name, 'Source light');
  });

  it('selects by when a story became known to us, not by its publication time, and still ranks recency by publication', async () => {
    const titles = (await daily()).stories.map((s) => s.title);
    assert.ok(titles.includes('Late-ingested story'), 'published 30 h ago, ingested 1 h ago: in this window');
    assert.ok(!titles.includes('Ingested after the window'), 'ingested after the window closed: not in it');
    assert.ok(
      titles.indexOf('Old story') < titles.indexOf('Late-ingested story'),
      'older by publication ranks lower, however late it was ingested',
    );
    const next = await buildEdition(db.orm.em.fork(), { kind: 'daily', from: NOW, to: new Date(NOW.getTime() + 86_400_000), now: NOW });
    assert.deepEqual(
      next.stories.map((s) => s.title),
      ['Ingested after the window'],
      'the next window has it, and only it',
    );
    const late = (await daily()).stories.find((s) => s.title === 'Late-ingested story')!;
    assert.equal(late.ingestedAt, new Date(NOW.getTime() - 3600_000).toISOString());
    assert.equal(late.firstSeenAt, new Date(NOW.getTime() - 30 * 3600_000).toISOString());
  });

  it('a `published` window (breaking alerts) takes stories published in it and already known at its end', async () => {
    const edition = await buildEdition(db.orm.em.fork(), {
      kind: 'daily',
      select: 'published',
      from: new Date(NOW.getTime() - 6 * 3600_000),
      to: NOW,
      now: NOW,
    });
    const titles = edition.stories.map((s) => s.title);
    assert.ok(titles.includes('Fresh story'));
    assert.ok(!titles.includes('Late-ingested story'), 'published 30 h ago: not fresh news');
    assert.ok(!titles.includes('Ingested after the window'), 'not known yet at the window end');
  });

  it('ranks the week in a weekly edition and honours the limit', async () => {
    const weekly = await buildEdition(db.orm.em.fork(), {
      kind: 'weekly',
      from: new Date(NOW.getTime() - 7 * 86_400_000),
      to: NOW,
      now: NOW,
      limit: 3,
    });
    assert.equal(weekly.stories.length, 3);
    assert.equal(weekly.stories[0]!.title, 'Last week story', 'nine independent sources outrank a day of recency in a weekly');
  });
});

describe('story ingest time', () => {
  const source = new Map([['wire', { weight: 1, categories: ['infrastructure' as Interest] }]]);
  const article = (id: string, text: string, publishedAt: string, fetchedAt: string) =>
    Object.assign(new Article(), {
      id,
      sourceId: 'wire',
      url: `https://wire.example/${id}`,
      canonicalUrl: `https://wire.example/${id}`,
      contentHash: id,
      title: text.split('.')[0],
      text,
      language: 'en',
      publishedAt: new Date(publishedAt),
      fetchedAt: new Date(fetchedAt),
    });

  it('summarizeStory records the ingest pass that first gives the story a fact sentence, and keeps it', async () => {
    const summarizer = new ExtractiveSummarizer();
    const opinion = article('a1', 'Will data centers ever be green? We think so.', '2026-11-24T05:40:00Z', '2026-11-24T06:20:00Z');
    const story = await summarizeStory(newStory(new Date('2026-11-24T06:20:00Z')), [opinion], source, summarizer, 'en');
    assert.equal(story.summaries.brief.length, 0);
    // A function, so TypeScript does not keep the narrowing to null across the calls below.
    const ingestedAt = () => story.ingestedAt?.toISOString() ?? null;
    assert.equal(ingestedAt(), null, 'no fact sentence: in no edition yet');
    const fact = article(
      'a2',
      'Equinix opened its MD7 data center in Madrid on 23 November with 60 MW of IT capacity.',
      '2026-11-24T05:50:00Z',
      '2026-11-24T07:20:00Z',
    );
    await summarizeStory(story, [opinion, fact], source, summarizer, 'en');
    assert.ok(story.summaries.brief.length > 0);
    assert.equal(ingestedAt(), '2026-11-24T07:20:00.000Z', 'the pass that brought the fact');
    assert.equal(story.firstSeenAt.toISOString(), '2026-11-24T05:40:00.000Z', 'publication time stays for ranking');
    const more = article(
      'a3',
      'Equinix said the MD7 campus cost 500 million euros, according to the company.',
      '2026-11-24T09:00:00Z',
      '2026-11-24T09:20:00Z',
    );
    await summarizeStory(story, [opinion, fact, more], source, summarizer, 'en', new Date('2026-11-24T09:20:00Z'));
    assert.equal(ingestedAt(), '2026-11-24T07:20:00.000Z', 'a later article does not move it into a later edition');
  });

  it('the migration backfills existing stories with a fact sentence from their creation (SQLite)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dcbrief-backfill-'));
    const orm = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'db.sqlite') });
    try {
      const migrator = await dbMigrator(orm);
      await migrator.up({ to: 'Migration20261122074314' });
      const conn = orm.em.getConnection();
      const row = (id: string, brief: unknown[]) =>
        conn.execute(
          `insert into engine_stories (id, title, title_language, interest, classification, summaries, summarizer, article_ids, source_ids, languages, corroboration, first_seen_at, last_seen_at, created_at, updated_at)
           values (?, 't', 'en', 'infrastructure', '{}', ?, 'extractive', '[]', '[]', '[]', 1, ?, ?, ?, ?)`,
          [
            id,
            JSON.stringify({ brief, standard: brief, detailed: brief, keyFigures: [] }),
            '2026-11-24T05:40:00.000Z',
            '2026-11-24T05:40:00.000Z',
            '2026-11-24T06:20:00.000Z',
            '2026-11-24T06:20:00.000Z',
          ],
        );
      await row('00000000-0000-4000-8000-000000000001', [{ text: 'A fact.', language: 'en', sourceIds: [], articleIds: [] }]);
      await row('00000000-0000-4000-8000-000000000002', []);
      await migrator.up();
      const stories = await orm.em.fork().find(Story, {}, { orderBy: { id: 'asc' } });
      assert.equal(stories[0]!.ingestedAt?.toISOString(), '2026-11-24T06:20:00.000Z');
      assert.equal(stories[1]!.ingestedAt, null);
    } finally {
      await orm.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
