import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeExtractive } from './extractive.js';
import { judgeInStory, SENTENCE_FEATURES, sentenceModel, storyProfile, type ModelArticle } from './sentence-model.js';

// Invented stories, told the way trade press tells them: the facts of the event, an evaluation, and another
// operator's earlier site as background. Czech is not in the dev half the model was fitted on.
const ENGLISH: ModelArticle = {
  title: 'Northwind opens 40 MW data center in Brno',
  language: 'en',
  publishedAt: new Date('2026-03-10T12:00:00Z'),
  text: [
    'Northwind opened a 40 MW data center in Brno on Monday, investing €300 million in the site.',
    'The building houses 2,400 racks and runs on hydropower from the Vltava cascade.',
    'The campus is a major boost for the region and marks a significant milestone for the Czech digital economy.',
    'Rival operator Kestrel Systems had already opened a 25 MW site in Ostrava in 2019, and the market for colocation in Central Europe has grown since.',
  ].join('\n\n'),
};
const CZECH: ModelArticle = {
  title: 'Northwind otevřel v Brně datové centrum o výkonu 40 MW',
  language: 'cs',
  publishedAt: new Date('2026-03-10T12:00:00Z'),
  text: [
    'Společnost Northwind v pondělí otevřela v Brně datové centrum o výkonu 40 MW a investovala do něj 300 milionů eur.',
    'Budova pojme 2 400 racků a využívá energii z vodních elektráren.',
    'Konkurenční společnost Kestrel Systems již v roce 2019 otevřela v Ostravě centrum o výkonu 25 MW a trh s kolokací ve střední Evropě od té doby roste.',
  ].join('\n\n'),
};

function verdicts(articles: ModelArticle[], index = 0) {
  const profile = storyProfile(articles);
  return profile.articles[index]!.sentences.map((read, position) => judgeInStory(read, position, index, profile).notFact);
}

describe('sentence model', () => {
  it('ships weights fitted on its features', () => {
    const model = sentenceModel();
    assert.deepEqual(model.features, SENTENCE_FEATURES);
    for (const target of [model.opinion, model.background]) {
      assert.equal(target.weights.length, SENTENCE_FEATURES.length);
      assert.ok(target.threshold > 0 && target.threshold < 1);
    }
  });

  it('tells the facts of the event from evaluation and from another operator’s earlier site', () => {
    assert.deepEqual(verdicts([ENGLISH]), [null, null, 'opinion', 'background']);
  });

  it('reads background from evidence that holds in a language it was not fitted on', () => {
    assert.deepEqual(verdicts([CZECH]), [null, null, 'background']);
    // The same with both reports in one story: the Czech article's facts are the English one's.
    assert.deepEqual(verdicts([ENGLISH, CZECH], 1), [null, null, 'background']);
  });

  it('leaves doubted sentences out of summaries, and keeps the facts', () => {
    const summary = summarizeExtractive([{ id: 'a1', sourceId: 'wire', sourceWeight: 1, ...ENGLISH }], 'en');
    const told = summary.detailed.map((s) => s.text);
    assert.ok(told.some((t) => t.startsWith('Northwind opened a 40 MW data center')));
    assert.ok(told.some((t) => t.startsWith('The building houses 2,400 racks')));
    assert.ok(!told.some((t) => t.includes('milestone') || t.includes('Kestrel')));
  });

  it('keeps a summary for a story whose every sentence it doubts: the one it doubts least', () => {
    const article = {
      id: 'a2',
      sourceId: 'wire',
      sourceWeight: 1,
      title: 'Northwind opens data center in Brno',
      language: 'en',
      publishedAt: new Date('2026-03-10T12:00:00Z'),
      text: 'Rival operator Kestrel Systems had already opened a 25 MW site in Ostrava in 2019, and the market for colocation in Central Europe has grown since.',
    };
    assert.deepEqual(verdicts([article]), ['background']);
    assert.equal(summarizeExtractive([article], 'en').brief.length, 1);
  });
});
