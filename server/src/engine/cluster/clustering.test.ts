import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clusterLabelled, clusteringErrors, loadLabelled, pairwiseScores } from '../../../test/fixtures/clustering/evaluate.js';
import { articleKeys, STAGE_CONCEPTS, type ConceptFinder } from '../intake/article-keys.js';
import { fieldLexicon } from '../lexicon/lexicon.js';
import { placeArticle, StoryIndex, type ClusterArticle } from './cluster.js';
import { PAIR_FEATURES, pairModel, pairProbability } from './pair-score.js';
import { placeFinder } from '../entities/place-anchors.js';

const labelled = loadLabelled('multilingual.json');
const storyOf = clusterLabelled(labelled);
const together = (...ids: string[]) => new Set(ids.map((id) => storyOf.get(id))).size === 1;
const apart = (a: string, b: string) => storyOf.get(a) !== storyOf.get(b);

describe('one event told in several languages, no translator', () => {
  it('puts a product launch told in English, German and Italian in one story', () => {
    assert.ok(together('vxl-en-dcd', 'vxl-de-itdaily', 'vxl-it-zerouno', 'vxl-en-register'));
  });

  it('puts a campus told in Finnish, English and French in one story', () => {
    assert.ok(together('muhos-fi-tivi', 'muhos-fi-yle', 'muhos-en-dcd', 'muhos-fr-lmi'));
  });

  it('puts Japanese, Chinese, Korean, Arabic, Russian, Persian and English accounts of one investment in one story', () => {
    assert.ok(
      together(
        'msjp-ja-itmedia',
        'msjp-ja-nikkeixtech',
        'msjp-zh-36kr',
        'msjp-ko-zdnet',
        'msjp-ar-aitnews',
        'msjp-ru-cnews',
        'msjp-fa-zoomit',
        'msjp-en-nikkei',
        'msjp-en-dcd',
      ),
    );
  });

  it('joins Cyrillic, Greek, Hebrew, Indic, Thai and Vietnamese accounts by transliterated names, gazetteer names, figures and dates', () => {
    assert.ok(together('rtk-ru-cnews', 'rtk-ru-kommersant', 'rtk-uk-dou', 'rtk-en-dcd'));
    assert.ok(together('ath4-el-naftemporiki', 'ath4-tr-webrazzi', 'ath4-en-dcd', 'ath4-bg-capital'));
    assert.ok(together('oracle-he-calcalist', 'oracle-ar-alarabiya', 'oracle-en-dcd'));
    assert.ok(together('jamnagar-hi-nbt', 'jamnagar-bn-abp', 'jamnagar-en-et'));
    assert.ok(together('fpt-vi-vnexpress', 'fpt-th-bangkokbiz', 'fpt-en-techwire'));
    assert.ok(together('ostrava-cs-lupa', 'ostrava-sk-trend', 'ostrava-en-dcd', 'ostrava-hu-hwsw'));
  });
});

describe('look-alike events stay apart', () => {
  it('keeps one company’s two openings in one week apart, though they cost the same', () => {
    assert.ok(together('fra6-de-dcinsider', 'fra6-en-dcd'));
    assert.ok(together('par3-fr-lemagit', 'par3-en-dcd'));
    assert.ok(apart('fra6-en-dcd', 'par3-en-dcd'));
    assert.ok(apart('fra6-de-dcinsider', 'par3-fr-lemagit'));
  });

  it('keeps two unrelated 100 MW stories apart', () => {
    assert.ok(together('johor-en-dcd', 'johor-ms-bernama', 'johor-zh-sina'));
    assert.ok(together('ppa-es-expansion', 'ppa-en-pvtech'));
    assert.ok(apart('johor-en-dcd', 'ppa-en-pvtech'));
    assert.ok(apart('johor-zh-sina', 'ppa-es-expansion'));
  });

  it('keeps one company’s investments in two countries apart, in the same language too', () => {
    assert.ok(apart('msjp-ja-itmedia', 'msid-ja-nikkei'));
    assert.ok(apart('msjp-en-nikkei', 'msid-en-techinasia'));
  });

  it('keeps an opening and an outage at the same operator in the same city apart', () => {
    assert.ok(apart('am7-en-dcd', 'am3-en-register'));
    assert.ok(apart('am7-nl-computable', 'am3-nl-tweakers'));
  });

  it('keeps two victims of one ransomware gang on one day apart', () => {
    assert.ok(together('nordhaven-en-bleeping', 'nordhaven-da-version2', 'nordhaven-sv-cs'));
    assert.ok(apart('nordhaven-en-bleeping', 'kylos-en-therecord'));
  });
});

describe('pairwise F1 on the labelled sets', () => {
  it('reaches 0.90 across languages and within one, with no pair of different events joined', () => {
    const scores = pairwiseScores(labelled, storyOf);
    assert.ok(scores.crossLanguage.f1 >= 0.9, JSON.stringify({ scores, errors: clusteringErrors(labelled, storyOf) }));
    assert.ok(scores.sameLanguage.f1 >= 0.9, JSON.stringify(scores.sameLanguage));
    assert.equal(scores.crossLanguage.precision, 1);
    assert.equal(scores.sameLanguage.precision, 1);
  });

  it('reaches 0.90 across languages on the held-out set, which the rules were not tuned on', () => {
    const heldOut = loadLabelled('heldout.json');
    const stories = clusterLabelled(heldOut);
    const scores = pairwiseScores(heldOut, stories);
    assert.ok(scores.crossLanguage.f1 >= 0.9, JSON.stringify({ scores, errors: clusteringErrors(heldOut, stories) }));
    assert.equal(scores.crossLanguage.precision, 1);
  });
});

describe('StoryIndex rules', () => {
  const t0 = new Date('2026-11-24T08:00:00Z').getTime();
  const article = (id: string, language: string, title: string, text: string, hours = 0, concepts?: ConceptFinder): ClusterArticle => {
    const publishedAt = new Date(t0 + hours * 3600_000);
    const keys = articleKeys(
      { title, text, language, translatedTitle: null, translatedText: null, translatedLanguage: null, publishedAt },
      { concepts },
    );
    return { id, sourceId: `source-${id}`, publishedAt, language, ...keys };
  };

  it('weighs a concept of the field the two share (when the lexicon provides concepts), unless every story states it', () => {
    const fire: ConceptFinder = (text) => (/\bfire\b|požar|tűz/iu.test(text) ? ['fire'] : []);
    // Weighed evidence (decision 222): the concept they share raises the probability that they are one event.
    const probability = (concepts?: ConceptFinder) => {
      const index = new StoryIndex();
      index.add(
        'story-en',
        article(
          'en',
          'en',
          'Fire at Kolektor data center',
          'A fire broke out on 24 November at a data center run by Kolektor.',
          0,
          concepts,
        ),
      );
      const sl = article(
        'sl',
        'sl',
        'Požar v podatkovnem centru',
        '24. novembra je v podatkovnem centru podjetja Kolektor izbruhnil požar.',
        2,
        concepts,
      );
      return pairProbability(index.pairFeatures(sl, 'en'));
    };
    const odds = (q: number) => q / (1 - q);
    // Half again the odds at least: on real news a shared concept of the field tells less than on our own sets
    // (the fit of decision 222's sixth-session amendment gives it 1.9 times).
    assert.ok(odds(probability(fire)) > odds(probability()) * 1.5, `${probability(fire)} against ${probability()}`);
    const everywhere: ConceptFinder = () => ['data-center'];
    const crowded = (concepts?: ConceptFinder) => {
      const index = new StoryIndex();
      for (let i = 0; i < 8; i++)
        index.add(`s${i}`, article(`d${i}`, 'en', 'Data center news', `Operator${i} opened a data center.`, 0, concepts));
      index.add('story-en', article('en', 'en', 'Kolektor', 'A data center run by Kolektor was in the news on 24 November.', 0, concepts));
      const sl = article('sl', 'sl', 'Kolektor', '24. novembra je podjetje Kolektor odprlo podatkovni center.', 2, concepts);
      return pairProbability(index.pairFeatures(sl, 'en'));
    };
    assert.equal(crowded(everywhere), crowded(), 'a concept every story states tells nothing');

    const ransomware: ConceptFinder = (text) => (/ransomware/i.test(text) ? ['ransomware'] : []);
    const gang = new StoryIndex();
    gang.add(
      'nordhaven',
      article(
        'n',
        'en',
        'Nordhaven Data hit by Akira ransomware',
        'The Akira gang encrypted systems at Nordhaven Data on Tuesday.',
        0,
        ransomware,
      ),
    );
    const kylos = article(
      'k',
      'pl',
      'Atak ransomware na Kylos',
      'Grupa Akira przyznała się we wtorek do ataku ransomware na firmę Kylos.',
      2,
      ransomware,
    );
    assert.equal(gang.find(kylos), null, 'one gang, one weekday, one concept: two victims');
    assert.deepEqual(article('x', 'en', 'Fire', 'A fire at Kolektor.', 0, fire).anchors.concepts, ['fire']);
    assert.equal(article('x', 'en', 'Fire', 'A fire at Kolektor.').anchors.concepts, undefined, 'no lexicon, no concepts');
  });

  it('does not count a name that many stories carry, and counts one that many articles of one story carry', () => {
    const event = (id: string, hours: number) =>
      article(
        id,
        'en',
        'Microsoft plans a campus',
        'Microsoft will build a 100 MW data center campus, the company said on Tuesday.',
        hours,
      );
    const other = article('de', 'de', 'Microsoft plant Campus', 'Microsoft baut am Dienstag einen Campus mit 100 MW.', 1);
    const alone = new StoryIndex();
    alone.add('s0', event('e0', 0));
    assert.equal(alone.find(other)?.storyId, 's0', 'one telling name, a figure and the same weekday');

    const crowded = new StoryIndex();
    crowded.add('s0', event('e0', 0));
    for (let i = 1; i <= 8; i++)
      crowded.add(`s${i}`, article(`m${i}`, 'en', 'Microsoft news', `Microsoft signed a contract with Contoso${i} Corp.`, 0));
    assert.equal(crowded.find(other), null, 'Microsoft in nine stories says nothing about which event');

    const big = new StoryIndex();
    for (let i = 0; i < 9; i++) big.add('s0', event(`e${i}`, 0));
    assert.equal(big.find(other)?.storyId, 's0', 'nine articles of one story make it a big story, not a common name');
  });

  it('weighs places in different countries against a join', () => {
    const index = new StoryIndex();
    index.add('paris', article('a', 'en', 'Equinix and Vantage sign deal', 'Equinix and Vantage will share a 100 MW campus near Paris.'));
    const tokyo = article('b', 'de', 'Equinix und Vantage', 'Equinix und Vantage teilen sich einen Campus mit 100 MW in Tokio.', 2);
    const lyon = article('c', 'de', 'Equinix und Vantage', 'Equinix und Vantage teilen sich einen Campus mit 100 MW in Frankreich.', 2);
    assert.equal(index.find(lyon)?.storyId, 'paris', 'Paris is in France');
    const p = (a: ClusterArticle) => pairProbability(index.pairFeatures(a, 'a'));
    // Odds at least 1.5 times lower: two names and a figure, but France and Japan (the headline's places and
    // names carry the rest of that evidence, docs/decisions/222).
    const odds = (q: number) => q / (1 - q);
    assert.ok(odds(p(tokyo)) * 1.5 < odds(p(lyon)), `${p(tokyo)} against ${p(lyon)}`);
  });

  it('does not join on one precise figure when the two state different figures of one unit', () => {
    const index = new StoryIndex();
    index.add('waw', article('a', 'en', 'Atman opens building', 'Atman opened a 24 MW building, a €150 million investment.'));
    const same = article('b', 'pl', 'Atman otwiera budynek', 'Atman otworzył budynek o mocy 24 MW za 150 mln euro.', 2);
    const other = article('c', 'pl', 'Atman otwiera budynek', 'Atman otworzył budynek o mocy 18 MW za 150 mln euro.', 2);
    assert.equal(index.find(same)?.storyId, 'waw');
    const p = (a: ClusterArticle) => pairProbability(index.pairFeatures(a, 'a'));
    const odds = (q: number) => q / (1 - q);
    assert.ok(odds(p(other)) * 10 < odds(p(same)), `150 million twice, but 24 MW and 18 MW: ${p(other)} against ${p(same)}`);
  });

  it('makes one story of two an article matches in one pass, unless they contradict each other', () => {
    const place = (index: StoryIndex, a: ClusterArticle) =>
      placeArticle(
        index,
        a,
        () => `story-${a.id}`,
        () => true,
      );
    const ja = article(
      'ja',
      'ja',
      '韓国でデータセンター火災',
      '韓国のデータセンターで18日、バッテリー室から出火した。リチウムイオン電池モジュール384個が焼損した。',
    );
    const ko = article('ko', 'ko', '판교 데이터센터 화재', '판교의 데이터센터 배터리실에서 불이 났다. 배터리 모듈 384개가 탔다.', 1);
    const en = article(
      'en',
      'en',
      'Battery fire at a Pangyo data center',
      'A fire in the battery room of a data center in Pangyo, South Korea, destroyed 384 battery modules.',
      2,
    );
    // The bridge itself, whatever the shipped model's threshold: here both accounts are matched at 0.95 or more.
    const index = new StoryIndex({ ...pairModel(), threshold: 0.95 });
    assert.equal(place(index, ja).started, true);
    assert.equal(place(index, ko).started, true, 'the Japanese and the Korean accounts share too little');
    const bridge = place(index, en);
    assert.deepEqual(new Set([bridge.storyId, ...bridge.merged]), new Set(['story-ja', 'story-ko']), 'the English report joins both');
    assert.equal(index.size, 1);

    const apartIndex = new StoryIndex();
    place(apartIndex, article('a', 'en', 'Equinix opens FR11', 'Equinix opened FR11, a 20 MW building in Frankfurt, on Monday.'));
    place(
      apartIndex,
      article('b', 'en', 'A second site for Equinix', 'The 30 MW FR12 of Equinix in Frankfurt started operations, the company said.', 1),
    );
    assert.equal(apartIndex.size, 2);
    const both = place(apartIndex, article('c', 'de', 'Equinix eröffnet', 'Equinix eröffnet in Frankfurt Gebäude mit 20 MW und 30 MW.', 2));
    assert.equal(
      apartIndex.findAll(article('d', 'de', 'Equinix', 'Equinix in Frankfurt: 20 MW und 30 MW.', 2)).length,
      2,
      'it matches both',
    );
    assert.deepEqual(both.merged, [], '20 MW and 30 MW: two buildings, not one');

    // One sum as outlets round it (33.7 and 34 billion kronor) is no contradiction: the bridge joins the two accounts
    // (placed apart here, as an earlier report's story linkage can leave them).
    const rounded = new StoryIndex({ ...pairModel(), threshold: 0.9 });
    rounded.add(
      'story-sv',
      article(
        'sv',
        'sv',
        'Microsoft bygger datacenter',
        'Microsoft investerar 33,7 miljarder kronor i datacenter i Sandviken, Gävle och Staffanstorp.',
      ),
    );
    rounded.add(
      'story-no',
      article(
        'no',
        'no',
        'Microsoft bygger datasentre i Sverige',
        'Microsoft investerer 34 milliarder svenske kroner i datasentre i Sandviken, Gävle og Staffanstorp.',
        1,
      ),
    );
    const kronor = place(
      rounded,
      article(
        'en-sek',
        'en',
        'Microsoft invests in Sweden',
        'Microsoft will invest SEK 34 billion in data centers in Sandviken, Gävle and Staffanstorp, Sweden.',
        2,
      ),
    );
    assert.deepEqual(new Set([kronor.storyId, ...kronor.merged]), new Set(['story-sv', 'story-no']), 'one sum, rounded');
    assert.equal(rounded.size, 1);
  });

  it('joins on two figures of different units when a text’s names may not be readable', () => {
    const index = new StoryIndex();
    index.add('s0', article('en', 'en', 'A 48 MW campus', 'Sakura Internet will build a 48 MW campus in Ishikari for ¥42 billion.'));
    const ja = article('ja', 'ja', '石狩に新キャンパス', '同社は石狩に48メガワットのキャンパスを420億円で建設する。', 3);
    assert.equal(index.find(ja)?.storyId, 's0');
    const other = article('ko', 'ko', '새 캠퍼스', '48메가와트 규모의 캠퍼스를 짓는다.', 3);
    assert.equal(index.find(other), null, 'one figure alone is not enough');
  });

  it('joins on a place and a precise PUE however each language writes it (PUE, 电能利用效率)', () => {
    const index = new StoryIndex();
    index.add(
      's0',
      article(
        'en',
        'en',
        'Tencent Cloud opens second Frankfurt data center',
        'The liquid-cooled facility in Frankfurt has a design PUE of 1.18, the company said.',
      ),
    );
    const zh = article(
      'zh',
      'zh',
      '腾讯云法兰克福第二座数据中心启用',
      '腾讯云位于法兰克福的新数据中心采用液冷技术，设计电能利用效率为1.18。',
      3,
    );
    assert.equal(index.find(zh)?.storyId, 's0');
    const other = article(
      'de',
      'de',
      'Neues Rechenzentrum in Frankfurt',
      'Das neue Rechenzentrum in Frankfurt erreicht eine PUE von 1,35.',
      3,
    );
    assert.equal(index.find(other), null, 'another PUE in the same city is another story');
  });
});

describe('the stage of an event its headline names', () => {
  it('is one of the concepts of the field lexicon', () => {
    const known = fieldLexicon().concepts;
    for (const id of STAGE_CONCEPTS) assert.ok(known.has(id), `${id} is not a lexicon concept`);
  });

  it('comes from the headline only, in its language and its translation, through the lexicon', () => {
    const lexicon = fieldLexicon();
    const concepts: ConceptFinder = (text, language) => [...lexicon.conceptIds(text, language)];
    const publishedAt = new Date('2026-11-24T08:00:00Z');
    const keys = (title: string, text: string, language: string, translatedTitle: string | null = null) =>
      articleKeys(
        {
          title,
          text,
          language,
          translatedTitle,
          translatedText: translatedTitle ? text : null,
          translatedLanguage: translatedTitle ? 'en' : null,
          publishedAt,
        },
        { concepts },
      ).anchors;
    assert.deepEqual(keys('Vantage opens its Frankfurt campus', 'The company acquired the land in 2023.', 'en').stages, ['opening']);
    // The lead's acquisition is background: no stage in a headline that names none.
    assert.equal(keys('Vantage in Frankfurt', 'The company acquired the land in 2023.', 'en').stages, undefined);
    assert.deepEqual(keys('Groß-Gerau: Stadt lehnt Rechenzentrum ab', 'Text.', 'de', 'Data center permit refused').stages, ['permit']);
  });
});

describe('the names and places a headline states', () => {
  const keys = (title: string, text: string, language: string) =>
    articleKeys({ title, text, language, translatedTitle: null, translatedText: null, translatedLanguage: null }).anchors;

  it('are read from a headline in lower case (a title taken from a web address) by the names its text writes', () => {
    const anchors = keys(
      'luz verde microsoft zaragoza invertira',
      'El Gobierno de Aragón aprobó el plan de Microsoft en Zaragoza. La empresa invertirá en tres centros de datos.',
      'es',
    );
    assert.deepEqual(anchors.headline, ['microsoft', 'zaragoza']);
    const portugal = keys('microsoft invest us10 billion portugal ai data hub', 'Microsoft will invest in Sines, near Lisbon.', 'en');
    assert.deepEqual(portugal.headline, ['microsoft']);
    assert.deepEqual(portugal.headlinePlaces, ['portugal']);
  });

  it('leaves out a word the text also writes in lower case', () => {
    const anchors = keys('trung tam du lieu viettel', 'Trung tâm dữ liệu của Viettel. Viettel xây dựng trung tâm mới.', 'vi');
    assert.deepEqual(anchors.headline, ['viettel']);
  });
});

describe('the places of a translated lead', () => {
  const publishedAt = new Date('2026-11-24T08:00:00Z');
  const translated = (id: string, title: string, text: string, language: string, en: [string, string]): ClusterArticle => ({
    id,
    sourceId: `source-${id}`,
    publishedAt,
    language,
    ...articleKeys(
      { title, text, language, translatedTitle: en[0], translatedText: en[1], translatedLanguage: 'en', publishedAt },
      { places: placeFinder() },
    ),
  });

  it("are read by the recogniser with their countries, so one company's projects in two countries stay apart", () => {
    const osaka = translated('osaka', 'AWS、大阪に投資', 'AWSは大阪リージョンに投資する。', 'ja', [
      'AWS to invest in its Osaka region',
      'Amazon Web Services will invest in the data centers of its Osaka region.',
    ]);
    const ulsan = translated('ulsan', 'SK텔레콤·AWS, 울산 착공', 'SK텔레콤과 AWS가 울산에서 착공했다.', 'ko', [
      'SK Telecom and AWS break ground in Ulsan',
      'SK Telecom and Amazon Web Services broke ground on a data center in Ulsan.',
    ]);
    assert.deepEqual(osaka.anchors.places, ['japan', 'osaka']);
    assert.ok(ulsan.anchors.places?.includes('ulsan') && ulsan.anchors.places.includes('southkorea'), String(ulsan.anchors.places));
    const index = new StoryIndex();
    index.add('s1', osaka);
    assert.equal(index.pairFeatures(ulsan, 'osaka')[PAIR_FEATURES.indexOf('placesApart')], 1);
  });

  it("are not read in an untranslated text (its places are the gazetteer's)", () => {
    const keys = articleKeys(
      {
        title: 'AWS invests in Aragón',
        text: 'AWS will invest in Aragón.',
        language: 'en',
        translatedTitle: null,
        translatedText: null,
        translatedLanguage: null,
      },
      { places: placeFinder() },
    );
    assert.equal(keys.anchors.places, undefined);
  });
});
