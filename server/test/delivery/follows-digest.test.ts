import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Entity } from '../../src/engine/entities/entity.entity.js';
import { syncSeedEntities } from '../../src/engine/entities/entities.service.js';
import { EngineEditionReader } from '../../src/delivery/engine-edition.js';
import { recordEntities } from '../../src/engine/entities/entities.service.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { newStory } from '../../src/engine/model/story.entity.js';
import { ExtractiveSummarizer } from '../../src/engine/summarize/extractive.js';
import { summarizeStory } from '../../src/engine/summarize/story-summary.js';
import { StaticEditionReader, type EditionStoryView, type StoryEntityView } from '../../src/delivery/edition-port.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { Follow } from '../../src/modules/follows/follow.entity.js';
import type { User } from '../../src/modules/users/user.entity.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { recipient } from '../support/users.js';
import { addSubscribers, deliveryDeps, weekOfNews } from './fixtures.js';

const frankfurt: StoryEntityView = { id: 'frankfurt', name: 'Frankfurt', kind: 'place', country: 'DE' };
const equinix: StoryEntityView = { id: 'equinix', name: 'Equinix', kind: 'company', country: 'US' };
const ntt: StoryEntityView = { id: 'ntt', name: 'NTT', kind: 'company', country: 'JP' };
const eu: StoryEntityView = { id: 'test-european-commission', name: 'European Commission', kind: 'company', country: null };

/** The week of news with the entities each story names, as the engine's mentions give them. */
function editionWithEntities(): EditionStoryView[] {
  const named: Record<string, StoryEntityView[]> = { 's-madrid': [equinix], 's-nvidia': [ntt], 's-price': [frankfurt], 's-rule': [eu] };
  return weekOfNews().map((s) => ({ ...s, entities: named[s.id] ?? [] }));
}

async function follow(ts: TestServer, user: User, ...entityIds: string[]) {
  const em = ts.orm.em.fork();
  for (const entityId of entityIds)
    await em.insert(Follow, { id: crypto.randomUUID(), user: user.id, entityId, createdAt: ts.clock.now() });
}

async function storiesOf(ts: TestServer, email: string) {
  const digest = await ts.orm.em.fork().findOneOrFail(Digest, { user: { email }, kind: 'daily' }, { populate: ['content'] });
  return digest.content!.stories;
}

describe('a daily brief opens with the stories of the entities the subscriber follows', () => {
  test('followed stories first and marked, in the email and the stored digest; the rest keeps its order', async () => {
    const ts = await startTestServer({ now: '2026-11-24T06:05:00Z' });
    try {
      const em = ts.orm.em.fork();
      await syncSeedEntities(em, ts.clock.now());
      // Merged into Frankfurt by the operator: following the old id follows Frankfurt.
      await em.insert(Entity, Object.assign(new Entity(), { id: 'ffm', kind: 'place', name: 'FFM', mergedInto: 'frankfurt' }));
      await em.insert(Entity, Object.assign(new Entity(), { id: eu.id, kind: 'company', name: eu.name }));
      const [plain, follower, outsider] = await addSubscribers(ts.orm, [
        { email: 'plain@follow.example', preferences: { weeklySummary: false } },
        { email: 'follower@follow.example', preferences: { weeklySummary: false } },
        { email: 'outsider@follow.example', preferences: { weeklySummary: false } },
      ]);
      await follow(ts, follower!, 'ffm', 'digitalrealty');
      await follow(ts, outsider!, eu.id);
      void plain;
      await runDeliveryPass(deliveryDeps(ts, new StaticEditionReader(editionWithEntities())), ts.clock.now());

      const plainIds = (await storiesOf(ts, 'plain@follow.example')).map((s) => s.id);
      assert.deepEqual(plainIds, ['s-madrid', 's-cve', 's-nvidia', 's-price']);
      assert.ok((await storiesOf(ts, 'plain@follow.example')).every((s) => !s.followed));

      const mine = await storiesOf(ts, 'follower@follow.example');
      assert.deepEqual(
        mine.map((s) => s.id),
        ['s-price', 's-madrid', 's-cve', 's-nvidia'],
      );
      assert.deepEqual(mine[0]!.followed, [{ id: 'frankfurt', name: 'Frankfurt', kind: 'place', country: 'DE' }]);
      assert.ok(mine.slice(1).every((s) => !s.followed));

      // A followed story outside their topics still leads, and is not called outside them.
      const theirs = await storiesOf(ts, 'outsider@follow.example');
      assert.equal(theirs[0]!.id, 's-rule');
      assert.equal(theirs[0]!.outsideInterests, undefined);
      assert.deepEqual(
        theirs.slice(1).map((s) => s.id),
        plainIds,
      );

      const mails = await ts.mailFolder();
      const mailTo = (email: string) => mails.find((m) => recipient(m) === email)!;
      assert.match(mailTo('follower@follow.example').text!, /\[Following: Frankfurt\]\n1\. Frankfurt colocation prices/);
      assert.match(mailTo('follower@follow.example').html as string, />Following: Frankfurt</);
      assert.doesNotMatch(mailTo('plain@follow.example').text!, /Following:/);
      assert.match(mailTo('outsider@follow.example').text!, /\[Following: European Commission\]/);
    } finally {
      await ts.close();
    }
  });

  test("on the engine's own edition: the entities the ingest pass recognised in a story put it first", async () => {
    const ts = await startTestServer({ now: '2026-11-24T06:05:00Z' });
    try {
      const em = ts.orm.em.fork();
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
      const storyIds: string[] = [];
      for (const [title, fact, at] of [
        [
          'Equinix opens MD7 in Madrid',
          'Equinix opened its MD7 data center in Madrid on 23 November with 60 MW of IT capacity.',
          '2026-11-23T20:00:00Z',
        ],
        [
          'Digital Realty expands PAR8 in Paris',
          'Digital Realty completed the 12 MW expansion of its PAR8 data center in Paris on 23 November.',
          '2026-11-23T21:00:00Z',
        ],
      ] as const) {
        const slug = encodeURIComponent(title);
        const article = Object.assign(new Article(), {
          sourceId: 'wire',
          url: `https://wire.example/${slug}`,
          canonicalUrl: `https://wire.example/${slug}`,
          contentHash: slug,
          title,
          text: fact,
          language: 'en',
          publishedAt: new Date(at),
          fetchedAt: new Date(at),
        });
        const story = await summarizeStory(
          newStory(new Date(at)),
          [article],
          new Map([['wire', { weight: 1, categories: ['infrastructure'] }]]),
          new ExtractiveSummarizer(),
          'en',
        );
        article.storyId = story.id;
        em.persist([article, story]);
        storyIds.push(story.id);
      }
      await em.flush();
      await recordEntities(ts.orm.em.fork(), storyIds, ts.clock.now());
      const [plain, follower] = await addSubscribers(ts.orm, [
        { email: 'plain@engine.example', preferences: { weeklySummary: false } },
        { email: 'follower@engine.example', preferences: { weeklySummary: false } },
      ]);
      void plain;
      await follow(ts, follower!, 'digitalrealty');
      await runDeliveryPass({ ...deliveryDeps(ts), editions: new EngineEditionReader(ts.orm, ts.clock) }, ts.clock.now());
      const plainTitles = (await storiesOf(ts, 'plain@engine.example')).map((s) => s.title);
      const mine = await storiesOf(ts, 'follower@engine.example');
      assert.equal(mine[0]!.title, 'Digital Realty expands PAR8 in Paris');
      assert.deepEqual(
        mine[0]!.followed?.map((e) => e.id),
        ['digitalrealty'],
      );
      assert.deepEqual(
        mine.slice(1).map((s) => s.title),
        plainTitles.filter((t) => t !== mine[0]!.title),
      );
    } finally {
      await ts.close();
    }
  });
});
