import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Interest } from '@dcbrief/shared';
import { buildEdition } from '../../src/engine/compose/edition.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { Story } from '../../src/engine/model/story.entity.js';
import { classify } from '../../src/engine/classify/interests.js';
import { openTestOrm } from './support.js';

const NOW = new Date('2026-11-20T12:00:00Z');

describe('edition ranking', () => {
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  before(async () => {
    db = await openTestOrm();
    const em = db.orm.em.fork();
    for (const [id, weight] of [['heavy', 2], ['light', 0.5]] as const) {
      em.persist(Object.assign(new Source(), { id, name: `Source ${id}`, siteUrl: `https://${id}.example`, feedUrl: `https://${id}.example/feed`, language: 'en', country: 'GB', categories: ['infrastructure'], weight }));
    }
    const story = (title: string, interest: Interest, corroboration: number, hoursAgo: number, sourceId = 'light', fact = true) => {
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

  it('leaves out stories with no fact sentence and stories first seen before the window', async () => {
    const edition = await daily();
    assert.ok(!edition.stories.some((s) => s.title === 'Opinion piece' || s.title === 'Last week story'));
    assert.equal(edition.storyCount, edition.stories.length);
    assert.deepEqual(edition.stories.map((s) => s.rank), edition.stories.map((_, i) => i + 1));
    assert.ok(edition.stories[0]!.interestReasons.length > 0);
    assert.equal(edition.stories[0]!.sources[0]!.name, 'Source light');
  });

  it('ranks the week in a weekly edition and honours the limit', async () => {
    const weekly = await buildEdition(db.orm.em.fork(), { kind: 'weekly', from: new Date(NOW.getTime() - 7 * 86_400_000), to: NOW, now: NOW, limit: 3 });
    assert.equal(weekly.stories.length, 3);
    assert.equal(weekly.stories[0]!.title, 'Last week story', 'nine independent sources outrank a day of recency in a weekly');
  });
});
