import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractAnchors } from '../language/anchors.js';
import { corroboration, StoryIndex, storyLinkage, type ClusterArticle } from './cluster.js';
import { signature, similarity } from '../intake/minhash.js';

const FR9: Array<[string, string]> = [
  ['en', 'Equinix will invest €500 million in FR9, a 60 MW data center in Frankfurt, opening in 2027.'],
  ['de', 'Equinix investiert 500 Millionen Euro in das Rechenzentrum FR9 in Frankfurt mit 60 Megawatt, Eröffnung 2027.'],
  ['fr', "Equinix investit 500 millions d'euros dans FR9, un centre de données de 60 MW à Francfort, ouverture en 2027."],
  ['ja', 'Equinixはフランクフルトに5億ユーロを投じ、60メガワットのデータセンターを2027年に開設する。'],
  ['zh', 'Equinix在法兰克福投资5亿欧元建设60兆瓦数据中心，2027年投入运营。'],
  ['ru', 'Equinix инвестирует 500 млн евро в ЦОД мощностью 60 МВт во Франкфурте к 2027 году.'],
];

describe('anchors', () => {
  it('finds the same names, quantities and year in six languages', () => {
    for (const [lang, text] of FR9) {
      const a = extractAnchors(text, lang);
      assert.ok(a.entities.includes('equinix') && a.entities.includes('frankfurt'), `${lang}: ${a.entities}`);
      assert.ok(a.quantities.includes('mw:60'), `${lang}: ${a.quantities}`);
      assert.ok(a.quantities.includes('eur:500000000'), `${lang}: ${a.quantities}`);
      assert.deepEqual(a.dates, ['2027']);
    }
  });

  it('reads decimal commas and thousands separators by language', () => {
    assert.deepEqual(extractAnchors('Ein Campus mit 1,5 GW für 1.200 Millionen Euro.', 'de').quantities, ['eur:1200000000', 'mw:1500']);
    assert.deepEqual(extractAnchors('A 1.5 GW campus for $1,200 million.', 'en').quantities, ['mw:1500', 'usd:1200000000']);
  });

  it('does not take German common nouns or sentence starts for names', () => {
    const a = extractAnchors('Das Rechenzentrum liegt in Frankfurt. Der Betreiber heißt NorthC.', 'de');
    assert.deepEqual(a.entities, ['frankfurt', 'northc']);
  });
});

describe('storyLinkage', () => {
  it('judges a story by its median report: a late report matching most of it joins, a look-alike of one of two does not', () => {
    // Two reports that state what the newcomer states, two short ones that say little of it: the mean (0.68) is
    // under a story threshold of 0.7, the median is not.
    assert.equal(storyLinkage([0.998, 0.18, 0.996, 0.54]), (0.54 + 0.996) / 2);
    // With two reports the median is their mean: one matching report out of two is not enough.
    assert.equal(storyLinkage([0.99, 0.2]), 0.595);
    assert.equal(storyLinkage([0.3, 0.9, 0.95]), 0.9);
    assert.equal(storyLinkage([0.4]), 0.4);
  });
});

describe('minhash', () => {
  const wire =
    'NTT DATA opened a 40 MW data center campus in Mumbai on Thursday, the company said in a statement, and it will house 6,000 racks.';
  it('rates wire copies as near-identical and different texts as different', () => {
    assert.ok(similarity(signature(wire), signature(`MUMBAI (Wire) - ${wire} Shares were unchanged.`)) >= 0.7);
    assert.ok(
      similarity(signature(wire), signature('Vertiv shipped 2,000 coolant distribution units to an AI campus in Texas this week.')) < 0.1,
    );
  });
});

describe('StoryIndex', () => {
  const t0 = new Date('2026-11-20T08:00:00Z').getTime();
  const art = (id: string, sourceId: string, text: string, lang: string, hours = 0): ClusterArticle => ({
    id,
    sourceId,
    publishedAt: new Date(t0 + hours * 3600_000),
    signature: signature(text),
    anchors: extractAnchors(text, lang),
  });

  it('puts one event in six languages in one story and another event apart', () => {
    const index = new StoryIndex();
    index.add('fr9', art('a0', 's0', FR9[0]![1], 'en'));
    FR9.slice(1).forEach(([lang, text], i) => {
      const match = index.find(art(`a${i + 1}`, `s${i + 1}`, text, lang, 1));
      assert.equal(match?.storyId, 'fr9', lang);
      assert.equal(match?.reason, 'anchors');
      index.add('fr9', art(`a${i + 1}`, `s${i + 1}`, text, lang, 1));
    });
    const other = art('b', 'sx', 'Equinix opened a 20 MW data center in Madrid for €90 million in 2026.', 'en', 2);
    assert.equal(index.find(other), null, 'same company, other city and figures');
  });

  it('does not join the same event reported more than a week apart (a follow-up is another story)', () => {
    const index = new StoryIndex();
    index.add('fr9', art('a0', 's0', FR9[0]![1], 'en'));
    assert.equal(index.find(art('a1', 's1', FR9[1]![1], 'de', 1))?.storyId, 'fr9', 'an hour later');
    assert.equal(index.find(art('a1', 's1', FR9[1]![1], 'de', 8 * 24 + 1)), null, 'eight days later');
  });

  it('counts wire copies once and independent reports each', () => {
    const wire =
      'NTT DATA opened a 40 MW data center campus in Mumbai on Thursday, the company said in a statement, and it will house 6,000 racks.';
    const articles = [
      { sourceId: 'a', signature: signature(wire) },
      { sourceId: 'b', signature: signature(`${wire} Shares were unchanged.`) },
      { sourceId: 'c', signature: signature('NTT DATA ha inaugurato a Mumbai un campus di data center da 40 MW con 6.000 rack.') },
      { sourceId: 'c', signature: signature('Un secondo articolo della stessa testata sul campus di Mumbai.') },
    ];
    assert.equal(corroboration(articles), 2);
  });
});
