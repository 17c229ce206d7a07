import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { digestSchema } from '@dcbrief/shared';
import { openDatabase } from '../../src/database.js';
import { EntityFact } from '../../src/engine/entities/entity.entity.js';
import { syncSeedEntities } from '../../src/engine/entities/entities.service.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { Follow } from '../../src/modules/follows/follow.entity.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { signIn } from '../support/users.js';
import { addSubscribers, deliveryDeps } from './fixtures.js';

const STORY_PERMIT = randomUUID();
const STORY_BUILD = randomUUID();
const STORY_AGAIN = randomUUID();
const STORY_OTHER = randomUUID();

function fact(entityId: string, storyId: string, statedAt: string, value: Partial<EntityFact>, sourceIds = ['dcd']): EntityFact {
  return Object.assign(new EntityFact(), {
    entityId,
    storyId,
    statedAt: new Date(statedAt),
    sentence: `${entityId} sentence of ${statedAt}.`,
    language: 'en',
    sourceIds,
    articleIds: [],
    ...value,
  });
}

/** What the ingest pass stored about Equinix (followed) and Digital Realty (not followed). */
function storedFacts(): EntityFact[] {
  return [
    fact('equinix', STORY_PERMIT, '2026-11-02T09:00:00Z', { type: 'status', status: 'permitting' }),
    fact(
      'equinix',
      STORY_BUILD,
      '2026-11-20T09:00:00Z',
      { type: 'status', status: 'construction', sentence: 'Equinix began building MD7.' },
      ['dcd', 'heise'],
    ),
    fact('equinix', STORY_BUILD, '2026-11-20T09:00:00Z', { type: 'capacity', mw: 60, stage: 'construction' }, ['dcd']),
    // Told again by another story: no change.
    fact('equinix', STORY_AGAIN, '2026-11-21T09:00:00Z', { type: 'status', status: 'construction' }, ['lemagit']),
    fact('digitalrealty', STORY_OTHER, '2026-11-20T10:00:00Z', { type: 'status', status: 'operational' }),
  ];
}

async function addSources(ts: TestServer) {
  const em = ts.orm.em.fork();
  for (const [id, name] of [
    ['dcd', 'DatacenterDynamics'],
    ['heise', 'heise online'],
    ['lemagit', 'LeMagIT'],
  ] as const)
    await em.insert(
      Source,
      Object.assign(new Source(), {
        id,
        name,
        siteUrl: `https://${id}.example`,
        feedUrl: `https://${id}.example/feed`,
        language: 'en',
        country: 'US',
      }),
    );
}

const CHANGE_LINE = /status: permitting → construction/g;

describe('the weekly summary opens with what changed about followed entities', () => {
  test("a followed entity's status change is told in exactly one line, with its outlets, across a restart and the next week", async () => {
    const ts = await startTestServer({ now: '2026-11-23T06:05:00Z' });
    try {
      const em = ts.orm.em.fork();
      await syncSeedEntities(em, ts.clock.now());
      await addSources(ts);
      await em.insertMany(EntityFact, storedFacts());
      const [subscriber] = await addSubscribers(ts.orm, [{ email: 'weekly@follow.example' }]);
      await em.insert(Follow, { id: randomUUID(), user: subscriber!.id, entityId: 'equinix', createdAt: ts.clock.now() });

      await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
      const digest = await ts.orm.em.fork().findOneOrFail(Digest, { user: subscriber!.id, kind: 'weekly' }, { populate: ['content'] });
      const changes = digest.content!.changes!;
      assert.deepEqual(
        changes.map((c) => [c.entity.id, c.type, c.from, c.to]),
        [
          ['equinix', 'status', 'permitting', 'construction'],
          ['equinix', 'capacity', null, '60 MW under construction'],
        ],
      );
      assert.deepEqual(
        changes[0]!.outlets.map((o) => o.name),
        ['DatacenterDynamics', 'heise online'],
      );
      assert.equal(changes[0]!.statedAt, '2026-11-20T09:00:00.000Z');
      assert.equal(changes[0]!.sentence, 'Equinix began building MD7.');

      const [mail] = await ts.mailFolder();
      assert.equal(mail!.text!.match(CHANGE_LINE)?.length, 1);
      assert.match(
        mail!.text!,
        /== What changed ==\n\nEquinix\n {3}- status: permitting → construction \(Nov 20; DatacenterDynamics, heise online\)/,
      );
      assert.ok(mail!.text!.indexOf('What changed') < mail!.text!.indexOf('1. '), 'before the stories');
      assert.equal((mail!.html as string).match(CHANGE_LINE)?.length, 1);
      assert.doesNotMatch(mail!.text!, /operational/, 'an entity not followed is not told');

      // The web reader shows the same section.
      const client = await signIn(ts, 'weekly@follow.example');
      const read = digestSchema.parse(await (await client.get(`/api/digests/${digest.id}`)).json());
      assert.deepEqual(
        read.whatChanged?.map((c) => c.key),
        changes.map((c) => c.key),
      );

      // The story is read again (its facts replaced with new rows), and the server restarts.
      const again = ts.orm.em.fork();
      await again.nativeDelete(EntityFact, { storyId: STORY_BUILD });
      await again.insertMany(
        EntityFact,
        storedFacts().filter((f) => f.storyId === STORY_BUILD),
      );
      // A new process: its own ORM on the same database, nothing remembered from the first pass.
      const restarted = await openDatabase(ts.config.database);
      try {
        const deps = { ...deliveryDeps(ts), orm: restarted };
        await runDeliveryPass(deps, ts.clock.now());
        ts.clock.set('2026-11-30T06:05:00Z');
        await runDeliveryPass(deps, ts.clock.now());
      } finally {
        await restarted.close();
      }

      const weeklies = await ts.orm.em
        .fork()
        .find(Digest, { user: subscriber!.id, kind: 'weekly' }, { populate: ['content'], orderBy: { date: 'asc' } });
      assert.deepEqual(
        weeklies.map((d) => d.date),
        ['2026-11-23', '2026-11-30'],
      );
      assert.equal(weeklies[1]!.content!.changes, null, 'told once: not again the next week');
      const mails = await ts.mailFolder();
      const told = mails.reduce((n, m) => n + (m.text!.match(CHANGE_LINE)?.length ?? 0), 0);
      assert.equal(told, 1);
    } finally {
      await ts.close();
    }
  });
});
