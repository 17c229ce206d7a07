import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runEntitiesCommand } from '../../src/cli/entities-commands.js';
import { CliError } from '../../src/cli/cli-error.js';
import { recordEntities } from '../../src/engine/entities/entities.service.js';
import { Entity, EntityFact, EntityMention } from '../../src/engine/entities/entity.entity.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { ManualClock } from '../../src/lib/clock.js';
import { flatUUID } from '../../src/lib/ids.js';
import { openTestOrm } from './support.js';

const NOW = new Date('2026-11-20T12:00:00Z');

function article(storyId: string, sourceId: string, title: string, text: string, language = 'en', publishedAt = NOW): Article {
  const id = flatUUID();
  return Object.assign(new Article(), {
    id,
    sourceId,
    url: `https://${sourceId}.example/${id}`,
    canonicalUrl: `https://${sourceId}.example/${id}`,
    contentHash: id,
    title,
    text,
    language,
    publishedAt,
    fetchedAt: NOW,
    storyId,
  });
}

describe('entities stored from stories, and the operator commands', () => {
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  const clock = new ManualClock(NOW);
  const run = (...args: string[]) => runEntitiesCommand(db.orm.em.fork(), clock, args);
  const aragon = flatUUID();
  const others = [flatUUID(), flatUUID(), flatUUID()];

  before(async () => {
    db = await openTestOrm();
    const em = db.orm.em.fork();
    await em.insertMany(Article, [
      article(aragon, 'dcd', 'Microsoft to invest €2.5 billion in Aragon', 'Microsoft said the 300 MW campus is under construction.'),
      article(
        aragon,
        'el-pais',
        'Microsoft invertirá 2.500 millones de euros en Aragón',
        'Microsoft dijo que el campus de 300 MW está en construcción.',
        'es',
      ),
      article(aragon, 'nikkei', 'マイクロソフト、スペインに25億ユーロ投資', 'マイクロソフトが発表した。', 'ja'),
      // A name the seed list does not know, in three stories from two outlets: a candidate.
      article(others[0]!, 'dcd', 'Zorblax Energy plans a data center in Ohio', 'Zorblax Energy filed plans on Monday.'),
      article(others[1]!, 'datacenterknowledge', 'Investors back Zorblax Energy', 'The funding for Zorblax Energy closed.'),
      article(others[2]!, 'dcd', 'County approves Zorblax Energy campus', 'The board approved Zorblax Energy on Tuesday.'),
    ]);
  });

  after(() => db.close());

  it('stores each story’s entities and its facts with every outlet that states them, once however often it is read', async () => {
    const report = await recordEntities(db.orm.em.fork(), [aragon, ...others], NOW);
    assert.ok(report.mentions > 0);
    await recordEntities(db.orm.em.fork(), [aragon], NOW);
    const em = db.orm.em.fork();
    const mentions = await em.find(EntityMention, { storyId: aragon, entityId: 'microsoft' });
    assert.equal(mentions.length, 3, 'one mention per article, in English, Spanish and Japanese');
    const money = await em.find(EntityFact, { storyId: aragon, type: 'investment' });
    assert.equal(money.length, 1, 'the same amount stated by three outlets is one fact');
    assert.equal(money[0]!.entityId, 'microsoft');
    assert.deepEqual([...money[0]!.sourceIds].sort(), ['dcd', 'el-pais', 'nikkei']);
    assert.equal(money[0]!.currency, 'EUR');
    assert.ok(money[0]!.usd! > 2.5e9);
    const capacity = await em.find(EntityFact, { storyId: aragon, type: 'capacity' });
    assert.deepEqual(
      capacity.map((f) => [f.entityId, f.mw, f.stage]),
      [['microsoft', 300, 'construction']],
    );
  });

  it('stores a town of the GeoNames list as an entity the first time a story names it, once', async () => {
    const em = db.orm.em.fork();
    assert.equal(await em.count(Entity, { id: 'dietzenbach' }), 0, 'the 30,000 towns are not rows until named');
    const story = flatUUID();
    await em.insertMany(Article, [
      article(story, 'dcd', 'Google plans a data center in Hesse', 'Google will build the campus in Dietzenbach, Google said.'),
      article(story, 'heise', 'Google baut Rechenzentrum', 'Der Konzern baut in Dietzenbach.', 'de'),
    ]);
    await recordEntities(db.orm.em.fork(), [story], NOW);
    await recordEntities(db.orm.em.fork(), [story], NOW);
    const town = await db.orm.em.fork().findOneOrFail(Entity, { id: 'dietzenbach' });
    assert.deepEqual([town.kind, town.level, town.country, town.origin], ['place', 'city', 'DE', 'seed']);
    assert.equal(await db.orm.em.fork().count(EntityMention, { entityId: 'dietzenbach', storyId: story }), 2);
  });

  it('stores a name found by its legal form or a government head as a candidate at once, with its facts, once', async () => {
    const story = flatUUID();
    await db.orm.em
      .fork()
      .insertMany(Article, [
        article(
          story,
          'dcd',
          'Quorvane Holdings Ltd buys land in Aragon',
          'Quorvane said it will invest €300 million. The Government of Aragon approved the plan.',
        ),
        article(
          story,
          'heraldo',
          'Quorvane compra suelo en Aragón',
          'El Gobierno de Aragón aprobó el plan de Quorvane Holdings Ltd.',
          'es',
        ),
      ]);
    const report = await recordEntities(db.orm.em.fork(), [story], NOW);
    await recordEntities(db.orm.em.fork(), [story], NOW);
    assert.deepEqual(report.candidates.sort(), ['aragon-government', 'quorvane-holdings']);
    const em = db.orm.em.fork();
    const quorvane = await em.findOneOrFail(Entity, { id: 'quorvane-holdings' });
    assert.deepEqual(
      [quorvane.kind, quorvane.status, quorvane.origin, quorvane.name],
      ['company', 'candidate', 'found', 'Quorvane Holdings Ltd'],
    );
    assert.ok(quorvane.aliases.includes('Quorvane Holdings'));
    const government = await em.findOneOrFail(Entity, { id: 'aragon-government' });
    assert.deepEqual([government.role, government.status], ['government', 'candidate']);
    assert.ok(government.aliases.includes('Gobierno de Aragón'), 'the forms the articles wrote');
    assert.equal(await em.count(EntityMention, { entityId: 'aragon-government', storyId: story }), 2, 'one per article, in both languages');
    const money = await em.find(EntityFact, { storyId: story, type: 'investment' });
    assert.deepEqual(
      money.map((f) => f.entityId),
      ['quorvane-holdings'],
    );
  });

  it('lists a name seen in three stories from two outlets as a candidate, and shows a timeline', async () => {
    const candidates = await run('list', '--candidates');
    assert.match(candidates, /zorblax-energy\s+company\s+Zorblax Energy\s+candidate\s+3/);
    const shown = await run('show', 'microsoft');
    assert.match(shown, /2026-11-20\s+investment 2,500,000,000 EUR \(~[\d,]+ USD\)\s+dcd, el-pais, nikkei/);
    assert.match(shown, /capacity 300 MW \(construction\)/);
    assert.match(await run('list', '--search', 'マイクロソフト'), /microsoft/);
  });

  it('merges one entity into another with its history, the old id still resolving', async () => {
    await run('alias', 'add', 'zorblax-energy', 'ゾーブラックス');
    assert.match(await run('merge', 'zorblax-energy', 'microsoft'), /merged zorblax-energy into microsoft/);
    const em = db.orm.em.fork();
    assert.equal(await em.count(EntityMention, { entityId: 'zorblax-energy' }), 0);
    const merged = await em.findOneOrFail(Entity, { id: 'zorblax-energy' });
    assert.equal(merged.mergedInto, 'microsoft');
    const into = await em.findOneOrFail(Entity, { id: 'microsoft' });
    assert.ok(into.aliases.includes('Zorblax Energy') && into.aliases.includes('ゾーブラックス'));
    assert.match(await run('show', 'zorblax-energy'), /asked for:\s+zorblax-energy \(merged into microsoft\)/);
    await assert.rejects(
      run('merge', 'zorblax-energy', 'google'),
      (err: unknown) => err instanceof CliError && /already merged/.test(err.message),
    );
    assert.match(await run('alias', 'remove', 'microsoft', 'ゾーブラックス'), /removed/);
    await assert.rejects(run('show', 'nobody'), CliError);
  });
});
