import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeExtractive, type SummaryArticle } from './extractive.js';
import { judgeSentence } from './fact-filter.js';
import { splitSentences } from './sentences.js';

describe('fact filter', () => {
  const rejected: Array<[string, string, string]> = [
    ['question', 'en', 'Is Frankfurt running out of power for new data centers?'],
    ['exclamation', 'en', 'Equinix opens FR9 in Frankfurt today!'],
    ['quote', 'en', '“We will double capacity in Frankfurt by 2027,” said the CEO of Equinix.'],
    ['first-person', 'en', 'We opened our 60 MW campus in Frankfurt in 2026.'],
    ['opinion', 'en', 'In my view, Dublin should stop approving data centers until 2030.'],
    ['speculation', 'en', 'The deal could be worth up to $2 billion, according to people familiar with it.'],
    ['speculation', 'en', 'Microsoft is reportedly planning a 300 MW campus in Ireland.'],
    ['marketing', 'en', 'Vertiv is the industry-leading provider of cooling for 2,000 sites.'],
    ['opinion', 'de', 'Der Betreiber sollte die 100 Megawatt in Frankfurt besser verteilen.'],
    ['speculation', 'fr', 'Le projet de 60 MW pourrait être retardé à Francfort en 2027.'],
    ['opinion', 'es', 'En mi opinión, Madrid debería limitar los centros de datos de 2026.'],
    ['speculation', 'ja', 'この計画は2027年に延期されるかもしれない。'],
    ['no-fact', 'en', 'The whole sector is changing in ways nobody expected at all.'],
  ];
  for (const [reason, lang, sentence] of rejected) {
    it(`drops ${reason} (${lang}): ${sentence.slice(0, 40)}`, () => {
      assert.equal(judgeSentence(sentence, lang).reason, reason);
    });
  }

  const kept: Array<[string, string]> = [
    ['en', 'Equinix will open FR9, a 60 MW data center in Frankfurt, in May 2027.'],
    ['en', 'The US Department of Energy approved the permit on Tuesday.'],
    ['de', 'Equinix investiert 500 Millionen Euro in das Rechenzentrum FR9 in Frankfurt.'],
    ['ja', 'Equinixはフランクフルトに5億ユーロを投じ、60メガワットのデータセンターを建設すると発表した。'],
  ];
  for (const [lang, sentence] of kept) {
    it(`keeps a fact (${lang}): ${sentence.slice(0, 40)}`, () => assert.deepEqual(judgeSentence(sentence, lang), { keep: true }));
  }
});

describe('sentence splitting', () => {
  it('does not split on decimals, abbreviations or the ordinal point of a day', () => {
    assert.deepEqual(splitSentences('Equinix Inc. opened a 1.5 GW campus. It cost $2.1 billion.', 'en'), [
      'Equinix Inc. opened a 1.5 GW campus.',
      'It cost $2.1 billion.',
    ]);
    assert.equal(splitSentences('第1期は2027年に開業する。新施設は4800ラックを備える。', 'ja').length, 2);
    assert.deepEqual(splitSentences('Die Regierung schreibt ab dem 1. Januar 2028 eine PUE von 1,2 vor. Das gilt ab 1 MW.', 'de'), [
      'Die Regierung schreibt ab dem 1. Januar 2028 eine PUE von 1,2 vor.',
      'Das gilt ab 1 MW.',
    ]);
  });

  it('does not split after a title or a kind of place or company that comes before a name', () => {
    assert.deepEqual(splitSentences('Viettel khởi công trung tâm dữ liệu tại TP. HCM ngày 10/4. Dự án có 140 MW.', 'vi'), [
      'Viettel khởi công trung tâm dữ liệu tại TP. HCM ngày 10/4.',
      'Dự án có 140 MW.',
    ]);
    assert.equal(splitSentences('PT. Telkom Indonesia membangun pusat data di Batam.', 'id').length, 1);
    assert.equal(splitSentences('И.о. губернатора посетил площадку. Строительство началось в 2024 году.', 'ru').length, 2);
    assert.equal(splitSentences('Строительство ведёт и.о. директора Иванов. Мощность 100 МВт.', 'ru').length, 2);
  });
});

describe('extractive summaries', () => {
  const articles: SummaryArticle[] = [
    {
      id: 'en1',
      sourceId: 'dcd',
      sourceWeight: 1.5,
      title: 'Equinix to build FR9',
      language: 'en',
      text:
        'Equinix will invest €500 million in FR9, a 60 MW data center in Frankfurt. The building in Sossenheim will offer 4,800 cabinets. ' +
        'We are thrilled to bring our world-class platform to Germany. Mainova connects the site through a 110 kV substation. This could reshape the market.',
    },
    {
      id: 'en2',
      sourceId: 'wire',
      sourceWeight: 1,
      title: 'Equinix FR9',
      language: 'en',
      text: 'Equinix will invest €500 million in FR9, a 60 MW data center in Frankfurt. Analysts think prices may rise.',
    },
    {
      id: 'de1',
      sourceId: 'heise',
      sourceWeight: 1,
      title: 'Equinix baut FR9',
      language: 'de',
      text: 'Equinix investiert 500 Millionen Euro in das Rechenzentrum FR9 in Frankfurt mit 60 Megawatt. Leider wird der Strom knapp.',
    },
  ];
  const summary = summarizeExtractive(articles, 'en');

  it('gives one, up to three and up to six sentences, preferred language first', () => {
    assert.equal(summary.brief.length, 1);
    assert.equal(summary.standard.length, 3);
    assert.ok(summary.detailed.length >= summary.standard.length && summary.detailed.length <= 6);
    assert.equal(summary.brief[0]!.language, 'en');
  });

  it('attributes a fact to every source that states it, across languages', () => {
    assert.equal(summary.brief[0]!.text, 'Equinix will invest €500 million in FR9, a 60 MW data center in Frankfurt.');
    assert.deepEqual(summary.brief[0]!.sourceIds, ['dcd', 'heise', 'wire']);
    assert.deepEqual(summary.brief[0]!.articleIds.sort(), ['de1', 'en1', 'en2']);
  });

  it('never includes marketing, speculation or opinion', () => {
    const texts = summary.detailed.map((s) => s.text).join(' ');
    assert.doesNotMatch(texts, /thrilled|could reshape|may rise|Leider/);
  });

  it('lists key figures with what they measure and their sources', () => {
    const mw = summary.keyFigures.find((f) => f.key === 'mw:60');
    assert.deepEqual(mw?.sourceIds, ['dcd', 'heise', 'wire']);
    const eur = summary.keyFigures.find((f) => f.key === 'eur:500000000');
    assert.deepEqual([eur?.label, eur?.text, eur?.stated], ['Investment', 'EUR 500 million', '€500 million']);
  });

  it("gives the facts and figures that name the same outlets one list of ids (an ingest pass holds every story's)", () => {
    const single = summarizeExtractive([{ ...articles[0]!, id: 'only' }], 'en');
    assert.ok(single.detailed.length >= 2);
    for (const s of single.detailed) {
      assert.deepEqual(s.sourceIds, ['dcd']);
      assert.equal(s.sourceIds, single.detailed[0]!.sourceIds);
      assert.equal(s.articleIds, single.detailed[0]!.articleIds);
    }
    for (const f of single.keyFigures) assert.equal(f.sourceIds, single.detailed[0]!.sourceIds);
  });
});
