import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Translator } from '../translate/translator.js';
import { ExtractiveSummarizer, summarizeExtractive, type SummaryArticle } from './extractive.js';
import { fragment } from './facts.js';
import { figureLabel, figuresIn, formatFigure } from './key-figures.js';
import type { StorySummaries, SummarySentence } from './summary.types.js';

const article = (id: string, sourceId: string, language: string, text: string, sourceWeight = 1): SummaryArticle => ({
  id,
  sourceId,
  sourceWeight,
  title: '',
  text,
  language,
});

/** Every figure key a summary sentence states. */
const figureKeys = (s: SummarySentence) => figuresIn(s.text, s.language).map((f) => f.key);

function assertDistinct(summary: StorySummaries) {
  for (const depth of ['brief', 'standard', 'detailed'] as const) {
    const keys = summary[depth].flatMap(figureKeys);
    assert.equal(new Set(keys).size, keys.length, `${depth} states a figure twice: ${summary[depth].map((s) => s.text).join(' | ')}`);
    const texts = summary[depth].map((s) => s.text);
    assert.equal(new Set(texts).size, texts.length);
  }
  assert.deepEqual(summary.brief, summary.standard.slice(0, 1), 'each depth starts with the one above it');
  assert.deepEqual(summary.standard, summary.detailed.slice(0, summary.standard.length));
}

describe('facts: one event told by three outlets, one of them German (Equinix AM7)', () => {
  const articles = [
    article(
      'dcd-1',
      'dcd',
      'en',
      'Equinix launched AM7, its new data center in Amsterdam Science Park, with 40 MW of capacity. ' +
        'The site runs on 100% renewable energy. The building offers 3,000 cabinets across four halls.',
      1.5,
    ),
    article(
      'reuters-1',
      'reuters',
      'en',
      'Equinix opened its AM7 data center in Amsterdam on Monday. The 40 MW facility is powered by 100% renewable electricity.',
    ),
    article(
      'heise-1',
      'heise',
      'de',
      'Equinix hat am Montag das Rechenzentrum AM7 in Amsterdam eröffnet. ' +
        'Der Standort hat eine Leistung von 40 Megawatt und wird zu 100 Prozent mit Ökostrom betrieben.',
    ),
  ];
  const summary = summarizeExtractive(articles, 'en');

  it('tells the opening once, in English, attributed to all three outlets', () => {
    const opening = summary.standard.filter((s) => /AM7/.test(s.text));
    assert.equal(opening.length, 1, summary.standard.map((s) => s.text).join(' | '));
    assert.equal(summary.brief[0]!.text, 'Equinix launched AM7, its new data center in Amsterdam Science Park, with 40 MW of capacity.');
    assert.deepEqual(summary.brief[0]!.sourceIds, ['dcd', 'heise', 'reuters']);
    assert.equal(summary.brief[0]!.inReaderLanguage, true);
  });

  it('shows no German sentence beside the English ones that state the same facts', () => {
    assert.ok(
      summary.detailed.every((s) => s.language === 'en' && s.inReaderLanguage),
      summary.detailed.map((s) => s.text).join(' | '),
    );
  });

  it('states the renewable share once, by a sentence that does not repeat the 40 MW, with its three outlets', () => {
    const renewable = summary.detailed.filter((s) => /renewable/i.test(s.text));
    assert.equal(renewable.length, 1);
    assert.equal(renewable[0]!.text, 'The site runs on 100% renewable energy.');
    assert.deepEqual(renewable[0]!.sourceIds, ['dcd', 'heise', 'reuters']);
    assertDistinct(summary);
  });

  it('ranks the most corroborated facts first and keeps a fact only one outlet states', () => {
    assert.deepEqual(
      summary.detailed.map((s) => s.sourceIds.length),
      [3, 3, 1],
    );
    assert.match(summary.detailed[2]!.text, /3,000 cabinets/);
  });

  it('labels the key figures: "Capacity: 40 MW", "Renewable share: 100%"', () => {
    const figures = Object.fromEntries(summary.keyFigures.map((f) => [f.key, `${f.label}: ${f.text}`]));
    assert.equal(figures['mw:40'], 'Capacity: 40 MW');
    assert.equal(figures['pct:100'], 'Renewable share: 100%');
    assert.ok(!summary.keyFigures.some((f) => f.text === '3,000' || /INR/.test(f.text)), 'a count of cabinets is no money');
  });
});

describe('facts: one budget told in English, French and German', () => {
  const articles = [
    article('nos-1', 'nos', 'en', 'The Dutch government approved a €850 million budget for the national AI factory in Groningen.'),
    article(
      'lemonde-1',
      'lemonde',
      'fr',
      "Le gouvernement néerlandais a approuvé un budget de 850 millions d'euros pour l'usine d'IA de Groningue.",
    ),
    article(
      'heise-2',
      'heise',
      'de',
      'Die niederländische Regierung hat ein Budget von 850 Millionen Euro für die KI-Fabrik in Groningen genehmigt.',
    ),
  ];
  const summary = summarizeExtractive(articles, 'en');

  it('is one fact with three outlets, shown in English', () => {
    assert.equal(summary.detailed.length, 1, summary.detailed.map((s) => s.text).join(' | '));
    assert.equal(summary.detailed[0]!.language, 'en');
    assert.deepEqual(summary.detailed[0]!.sourceIds, ['heise', 'lemonde', 'nos']);
    assert.deepEqual(summary.detailed[0]!.articleIds.sort(), ['heise-2', 'lemonde-1', 'nos-1']);
  });

  it('gives the budget as a labelled key figure stated by all three', () => {
    assert.deepEqual(
      summary.keyFigures.map((f) => ({ label: f.label, text: f.text, sourceIds: f.sourceIds })),
      [{ label: 'Budget', text: 'EUR 850 million', sourceIds: ['heise', 'lemonde', 'nos'] }],
    );
  });
});

describe('facts: a story known only in German', () => {
  const articles = [
    article(
      'golem-1',
      'golem',
      'de',
      'Der Betreiber Maincubes hat das Rechenzentrum FRA02 in Offenbach mit 30 Megawatt in Betrieb genommen. ' +
        'Die Investition beträgt 200 Millionen Euro. Die Anlage erreicht eine PUE von 1,2.',
    ),
    article('heise-3', 'heise', 'de', 'Maincubes hat am Dienstag das Rechenzentrum FRA02 in Offenbach eröffnet.'),
  ];
  const ENGLISH: Record<string, string> = {
    'Der Betreiber Maincubes hat das Rechenzentrum FRA02 in Offenbach mit 30 Megawatt in Betrieb genommen.':
      'The operator Maincubes has put the FRA02 data center in Offenbach with 30 megawatts into operation.',
    'Die Investition beträgt 200 Millionen Euro.': 'The investment amounts to 200 million euros.',
    // A translation that loses the figure is not used.
    'Die Anlage erreicht eine PUE von 1,2.': 'The plant is very efficient.',
  };
  /** The engine's translator port, as a stand-in that knows three sentences and counts its calls. */
  const translator = (fail = false) => {
    const calls: string[] = [];
    const port: Translator = {
      provider: 'stand-in',
      target: 'en',
      async translate(text, from) {
        calls.push(`${from}:${text}`);
        if (fail) throw new Error('provider down');
        return ENGLISH[text] ?? null;
      },
    };
    return { port, calls };
  };

  it('without a translator, shows the German facts marked as German', async () => {
    const summary = await new ExtractiveSummarizer().summarize(articles, 'en');
    assert.equal(summary.detailed.length, 3);
    for (const s of summary.detailed) {
      assert.equal(s.language, 'de');
      assert.equal(s.inReaderLanguage, false);
      assert.equal(s.translatedFrom, undefined);
    }
    assert.deepEqual(summary.brief[0]!.sourceIds, ['golem', 'heise'], 'the opening is one fact, told by both');
  });

  it('with a translator, shows the chosen facts translated, records from which language, translates each once', async () => {
    const { port, calls } = translator();
    const summary = await new ExtractiveSummarizer(port).summarize(articles, 'en');
    const [opening, investment, pue] = summary.detailed;
    assert.deepEqual(opening, {
      text: 'The operator Maincubes has put the FRA02 data center in Offenbach with 30 megawatts into operation.',
      language: 'en',
      sourceIds: ['golem', 'heise'],
      articleIds: ['golem-1', 'heise-3'],
      translatedFrom: 'de',
      inReaderLanguage: true,
    });
    assert.equal(investment!.text, 'The investment amounts to 200 million euros.');
    // Its translation lost the figure: not used, and the German original is not shown beside English facts.
    assert.equal(pue, undefined);
    assert.equal(summary.brief[0]!.text, opening!.text, 'every depth shows the translation');
    assert.equal(calls.length, 3, 'one call per fact, none for the sentences a fact does not show');
    assert.ok(calls.every((c) => c.startsWith('de:')));
  });

  it('when the translator fails, the brief still has its facts, in German and marked', async () => {
    const summary = await new ExtractiveSummarizer(translator(true).port).summarize(articles, 'en');
    assert.equal(summary.detailed.length, 3);
    assert.ok(summary.detailed.every((s) => s.language === 'de' && s.inReaderLanguage === false));
  });

  it('asks a translator that takes many texts at once for all the chosen facts in one call, best first', async () => {
    const batches: string[][] = [];
    const port = {
      ...translator().port,
      async translateAll(requests: Array<{ text: string; from: string }>) {
        batches.push(requests.map((r) => r.text));
        return requests.map((r) => ENGLISH[r.text] ?? null);
      },
    };
    const summary = await new ExtractiveSummarizer(port).summarize(articles, 'en');
    assert.equal(batches.length, 1);
    assert.deepEqual(batches[0], Object.keys(ENGLISH), 'the three facts, best first');
    assert.deepEqual(
      summary.detailed.map((s) => s.translatedFrom),
      ['de', 'de'],
    );
  });

  it('does not take an answer that repeats the original for a translation', async () => {
    const echo: Translator = { provider: 'echo', target: 'en', translate: async (text) => text };
    const summary = await new ExtractiveSummarizer(echo).summarize(articles, 'en');
    assert.ok(summary.detailed.every((s) => s.language === 'de' && s.inReaderLanguage === false && !s.translatedFrom));
  });

  it('labels the German figures in English', () => {
    const summary = summarizeExtractive(articles, 'en');
    assert.deepEqual(
      summary.keyFigures.map((f) => `${f.label}: ${f.text}`),
      ['Capacity: 30 MW', 'Investment: EUR 200 million', 'PUE: 1.2'],
    );
  });
});

describe('facts: translated, then grouped again', () => {
  const articles = [
    article(
      'en-1',
      'dcd',
      'en',
      'Schneider Electric launched the CoolFlow CDU in Paris on Tuesday. Deliveries of the CDU start in spring 2027 in all regions.',
    ),
    article(
      'de-1',
      'heise',
      'de',
      'Die Auslieferung der CDU beginnt im Frühjahr 2027 in allen Regionen. Das ist eine großartige Nachricht für Betreiber von KI-Rechenzentren in Europa.',
    ),
  ];
  const ENGLISH: Record<string, string> = {
    'Die Auslieferung der CDU beginnt im Frühjahr 2027 in allen Regionen.': 'Deliveries of the CDU start in spring 2027 in all regions.',
    'Das ist eine großartige Nachricht für Betreiber von KI-Rechenzentren in Europa.':
      'This is great news for operators of AI data centers in Europe.',
  };
  const translator: Translator = { provider: 'stand-in', target: 'en', translate: async (text) => ENGLISH[text] ?? null };

  it('without a translator nothing pairs the German deliveries sentence with the English one: the summary tells the English facts', () => {
    const summary = summarizeExtractive(articles, 'en');
    assert.ok(summary.detailed.every((s) => s.language === 'en'));
    assert.deepEqual(summary.detailed.find((s) => /Deliveries/.test(s.text))?.sourceIds, ['dcd']);
  });

  it('a translation that states what an English sentence states joins its fact: shown once, in English, with both outlets', async () => {
    const summary = await new ExtractiveSummarizer(translator).summarize(articles, 'en');
    const deliveries = summary.detailed.filter((s) => /Deliveries|Auslieferung/.test(s.text));
    assert.deepEqual(deliveries, [
      {
        text: 'Deliveries of the CDU start in spring 2027 in all regions.',
        language: 'en',
        sourceIds: ['dcd', 'heise'],
        articleIds: ['en-1', 'de-1'],
        inReaderLanguage: true,
      },
    ]);
  });

  it('a fact whose translation the fact filter reads as opinion is left out', async () => {
    const summary = await new ExtractiveSummarizer(translator).summarize(articles, 'en');
    assert.ok(!summary.detailed.some((s) => /großartige|great news/.test(s.text)), summary.detailed.map((s) => s.text).join(' | '));
    assert.ok(summary.detailed.every((s) => s.language === 'en'));
  });
});

describe('facts: one language per summary', () => {
  it('leaves out a fact only another language states when the story has facts in the reader’s language', () => {
    const summary = summarizeExtractive(
      [
        article('en', 'dcd', 'en', 'Equinix will invest €500 million in FR9, a 60 MW data center in Frankfurt.'),
        article(
          'de',
          'heise',
          'de',
          'Equinix investiert 500 Millionen Euro in FR9. Die Stadt Frankfurt hatte den Bebauungsplan im März 2026 genehmigt.',
        ),
      ],
      'en',
    );
    assert.deepEqual(
      summary.detailed.map((s) => [s.language, s.sourceIds]),
      [['en', ['dcd', 'heise']]],
    );
  });
});

describe('facts: dates and events that survive translation', () => {
  it('pairs the same availability date in English, German and Italian without a translator', () => {
    const summary = summarizeExtractive(
      [
        article(
          'en',
          'dcd',
          'en',
          'Schneider Electric launched the CoolFlow CDU for AI racks. The CDU will be available worldwide from March 2027.',
        ),
        article('de', 'heise', 'de', 'Die Einheit ist ab März 2027 weltweit erhältlich.'),
        article('it', 'zerouno', 'it', 'Sarà disponibile in tutto il mondo da marzo 2027.'),
      ],
      'en',
    );
    const availability = summary.detailed.filter((s) => /2027/.test(s.text));
    assert.deepEqual(
      availability.map((s) => [s.text, s.sourceIds]),
      [['The CDU will be available worldwide from March 2027.', ['dcd', 'heise', 'zerouno']]],
    );
  });

  it('pairs a deal closing in the same quarter, and keeps another quarter apart', () => {
    const summary = summarizeExtractive(
      [
        article(
          'en',
          'nwg',
          'en',
          'Vantage agreed to buy Lombardia Data Hub for €1.1 billion. The deal is expected to close in the second quarter of 2027.',
        ),
        article('fr', 'lemagit', 'fr', "La finalisation de l'opération est attendue au deuxième trimestre 2027."),
        article('es', 'cinco', 'es', 'La integración de los equipos concluirá en el cuarto trimestre de 2027.'),
      ],
      'en',
    );
    const closing = summary.detailed.find((s) => /second quarter/.test(s.text));
    assert.deepEqual(closing?.sourceIds, ['lemagit', 'nwg'], 'the fourth quarter is another fact');
  });
});

describe('facts: what stays apart', () => {
  it('keeps two phases with the same size but different years as two facts', () => {
    const summary = summarizeExtractive(
      [
        article('a', 'dcd', 'en', 'The first phase of the Vantage campus in Berlin adds 20 MW in 2027.'),
        article('b', 'wire', 'en', 'Vantage plans a second phase in Berlin with another 20 MW in 2029.'),
      ],
      'en',
    );
    // Two facts (not one attributed to both outlets), yet both state 20 MW: the summary says the figure once.
    assert.equal(summary.detailed.length, 1);
    assert.deepEqual(summary.detailed[0]!.sourceIds, ['dcd']);
  });

  it('keeps a same-language sentence that adds something to the event (free cooling) as its own fact', () => {
    const summary = summarizeExtractive(
      [
        article('a', 'dcd', 'en', 'Equinix launched AM7 in Amsterdam with 40 MW of capacity.'),
        article('b', 'wire', 'en', 'Equinix opened AM7 in Amsterdam with canal water cooling.'),
      ],
      'en',
    );
    assert.equal(summary.detailed.length, 2);
    assert.deepEqual(
      summary.detailed.map((s) => s.sourceIds),
      [['dcd'], ['wire']],
    );
  });

  it('keeps near-identical wording with different figures apart', () => {
    const summary = summarizeExtractive(
      [
        article('a', 'dcd', 'en', 'Vantage raised the capacity of its Berlin campus to 40 MW.'),
        article('b', 'wire', 'en', 'Vantage raised the capacity of its Berlin campus to 45 MW.'),
      ],
      'en',
    );
    assert.deepEqual(
      summary.detailed.map((s) => s.sourceIds),
      [['dcd'], ['wire']],
    );
  });

  it('keeps different events of the same actors apart (an opening and an acquisition)', () => {
    const summary = summarizeExtractive(
      [
        article('a', 'dcd', 'en', 'Equinix opened AM7 in Amsterdam on Monday.'),
        article('b', 'wire', 'en', 'Equinix acquired AM7 in Amsterdam from Digital Realty.'),
      ],
      'en',
    );
    assert.equal(summary.detailed.length, 2);
  });
});

describe('facts: an article another source carried too', () => {
  it('attributes its facts to both sources, but counts them as one outlet when ranking', () => {
    const carried = {
      ...article('a', 'dcd', 'en', 'Equinix will invest €500 million in FR9 in Frankfurt.'),
      alsoSourceIds: ['aggregator'],
    };
    const summary = summarizeExtractive(
      [
        carried,
        article('b', 'wire', 'en', 'Equinix opened AM7 in Amsterdam with 40 MW.'),
        article('c', 'heise', 'de', 'Equinix eröffnet AM7 in Amsterdam mit 40 Megawatt.'),
      ],
      'en',
    );
    assert.deepEqual(
      summary.detailed.map((s) => [s.text, s.sourceIds]),
      [
        ['Equinix opened AM7 in Amsterdam with 40 MW.', ['heise', 'wire']],
        ['Equinix will invest €500 million in FR9 in Frankfurt.', ['aggregator', 'dcd']],
      ],
    );
    assert.deepEqual(summary.keyFigures.find((f) => f.key === 'eur:500000000')?.sourceIds, ['aggregator', 'dcd']);
  });
});

describe('depths pick distinct facts, most corroborated first', () => {
  const articles = [
    article(
      'a',
      'dcd',
      'en',
      'Google will invest $1 billion in a 120 MW data center in Kansas City. The campus covers 40 hectares near the airport. ' +
        'The site will use 100% carbon-free energy by 2030. Evergy will connect the site to its grid through a new 345 kV substation.',
    ),
    article('b', 'wire', 'en', 'Google plans to spend $1 billion on its Kansas City data center, which will draw 120 MW.'),
    article('c', 'local', 'en', 'The Kansas City council approved the Google project on Tuesday. The data center will draw 120 MW.'),
  ];
  const summary = summarizeExtractive(articles, 'en');

  it('gives one, three and up to six facts, none stating a figure another states', () => {
    assert.equal(summary.brief.length, 1);
    assert.equal(summary.standard.length, 3);
    assert.ok(summary.detailed.length >= 4 && summary.detailed.length <= 6);
    assertDistinct(summary);
  });

  it('leads with the fact the most outlets state', () => {
    assert.match(summary.brief[0]!.text, /\$1 billion/);
    assert.deepEqual(summary.brief[0]!.sourceIds, ['dcd', 'local', 'wire']);
  });

  it('labels every key figure (never a bare number)', () => {
    const labelled = Object.fromEntries(summary.keyFigures.map((f) => [f.key, `${f.label}: ${f.text}`]));
    assert.equal(labelled['usd:1000000000'], 'Investment: USD 1 billion');
    assert.equal(labelled['mw:120'], 'Capacity: 120 MW');
    assert.equal(labelled['m2:400000'], 'Area: 400,000 m²');
    assert.equal(labelled['pct:100'], 'Renewable share: 100%');
    assert.ok(summary.keyFigures.every((f) => f.label && f.text && !/^[\d.,\s%]+$/.test(`${f.label}`)));
  });
});

describe('key figures: a percentage only with what it is a share of', () => {
  const articles = [
    article('a', 'dcd', 'en', 'Microsoft will train 250,000 people, 2.4% of the population, and build a 60 MW campus in Gävle.'),
    article('b', 'wire', 'en', 'Microsoft will build a 60 MW campus in Gävle. It will run on 100% renewable power from the local utility.'),
  ];
  const summary = summarizeExtractive(articles, 'en');

  it('keeps "Renewable share: 100%", leaves out a bare "Share: 2.4%"', () => {
    const labelled = summary.keyFigures.map((f) => `${f.label}: ${f.text}`);
    assert.ok(labelled.includes('Renewable share: 100%'), labelled.join(' | '));
    assert.ok(labelled.includes('Capacity: 60 MW'), labelled.join(' | '));
    assert.ok(!summary.keyFigures.some((f) => f.key === 'pct:2.4'), labelled.join(' | '));
    assert.ok(
      summary.detailed.some((s) => /2\.4%/.test(s.text)),
      'the sentence still states it',
    );
  });
});

describe('key figure labels', () => {
  const label = (sentence: string, language: string, key: string) => {
    const figure = figuresIn(sentence, language).find((f) => f.key === key);
    assert.ok(figure, `${key} in ${sentence}`);
    return `${figureLabel(figure, sentence, language)}: ${formatFigure(figure.key)}`;
  };
  const cases: Array<[string, string, string, string]> = [
    ['en', 'Mainova will connect the campus to the grid with 180 MW.', 'mw:180', 'Power: 180 MW'],
    ['en', 'The hall is designed for racks of 130 kW.', 'mw:0.13', 'Rack density: 130 kW'],
    ['de', 'Die Baukosten liegen bei 1,2 Milliarden Euro.', 'eur:1200000000', 'Cost: EUR 1.2 billion'],
    ['fr', "Le rachat de l'opérateur est évalué à 2,3 milliards de dollars.", 'usd:2300000000', 'Deal value: USD 2.3 billion'],
    ['es', 'El grupo invertirá 500 millones de euros en Madrid.', 'eur:500000000', 'Investment: EUR 500 million'],
    ['en', 'The operator raised $400 million in green bonds.', 'usd:400000000', 'Funding: USD 400 million'],
    ['en', 'Vacancy in Frankfurt fell to 3.5% this year.', 'pct:3.5', 'Vacancy: 3.5%'],
    ['en', 'The building offers 12,000 square metres of white space.', 'm2:12000', 'Area: 12,000 m²'],
    ['en', 'The facility reaches a design PUE of 1.15.', 'pue:1.15', 'PUE: 1.15'],
    ['en', 'Capacity grows by 25% this year.', 'pct:25', 'Growth: 25%'],
    ['en', 'Revenue reached $2 billion.', 'usd:2000000000', 'Revenue: USD 2 billion'],
    ['pt', 'O investimento total é de R$ 3 bilhões.', 'brl:3000000000', 'Investment: BRL 3 billion'],
    ['en', 'The site has 60 MW.', 'mw:60', 'Capacity: 60 MW'],
  ];
  for (const [language, sentence, key, expected] of cases) {
    it(`${expected} (${language})`, () => assert.equal(label(sentence, language, key), expected));
  }
});

describe('facts: a summary does not tell a fact again in other words', () => {
  const articles = [
    article(
      'dcd-9',
      'dcd',
      'en',
      'Equinix opened AM9, its ninth data center in Amsterdam, on Tuesday with 40 MW of capacity. ' +
        'The company invested €850 million in the site, which will supply waste heat to the university buildings of the Science Park from 2027.',
      1.5,
    ),
    article(
      'dcn-9',
      'dcn',
      'en',
      'AM9 has a capacity of 40 MW, Equinix said on Tuesday. From 2027, AM9 will supply waste heat to the university buildings at the Science Park. ' +
        'AM9 will be cooled with seawater drawn from the nearby lake.',
    ),
  ];
  const summary = summarizeExtractive(articles, 'en');
  const texts = summary.detailed.map((s) => s.text);

  it('leaves out a sentence whose every name, number, date and most words the summary has told, and credits its outlet to the fact that told it', () => {
    assert.ok(!texts.includes('From 2027, AM9 will supply waste heat to the university buildings at the Science Park.'), texts.join(' | '));
    const heat = summary.detailed.find((s) => s.text.includes('waste heat'));
    assert.ok(heat, texts.join(' | '));
    assert.deepEqual(heat.sourceIds, ['dcd', 'dcn']);
  });

  it('keeps a sentence that names something new of the field in the same words (cooling)', () => {
    assert.ok(texts.includes('AM9 will be cooled with seawater drawn from the nearby lake.'), texts.join(' | '));
  });
});

describe('facts: a translation that only retells is not told again', () => {
  const articles = [
    article(
      'en-9',
      'dcd',
      'en',
      'Equinix opened AM9, its ninth data center in Amsterdam, at Amsterdam Science Park on Tuesday with 40 MW of capacity.',
    ),
    article(
      'nl-9',
      'computable',
      'nl',
      'Met AM9 heeft Equinix nu negen datacenters in Amsterdam. De koeling gebruikt water uit het Amsterdam-Rijnkanaal.',
    ),
  ];
  const ENGLISH: Record<string, string> = {
    'Met AM9 heeft Equinix nu negen datacenters in Amsterdam.': 'With AM9, Equinix now operates nine data centers in Amsterdam.',
    'De koeling gebruikt water uit het Amsterdam-Rijnkanaal.': 'The cooling uses water from the Amsterdam-Rhine Canal.',
  };
  const translator: Translator = { provider: 'stand-in', target: 'en', translate: async (text) => ENGLISH[text] ?? null };

  it('leaves out a translated sentence with no name, number, date or concept of its own, crediting its outlet', async () => {
    const summary = await new ExtractiveSummarizer(translator).summarize(articles, 'en');
    const texts = summary.detailed.map((s) => s.text);
    assert.ok(!texts.some((t) => t.startsWith('With AM9')), texts.join(' | '));
    assert.ok(summary.detailed[0]!.sourceIds.includes('computable'), JSON.stringify(summary.detailed[0]));
  });

  it('keeps a translated sentence that names something new (the cooling)', async () => {
    const summary = await new ExtractiveSummarizer(translator).summarize(articles, 'en');
    assert.ok(
      summary.detailed.some((s) => s.text === 'The cooling uses water from the Amsterdam-Rhine Canal.' && s.translatedFrom === 'nl'),
      summary.detailed.map((s) => s.text).join(' | '),
    );
  });
});

describe('facts: a line that ends no sentence and reports no event is no statement (captions, bylines, lists)', () => {
  it('tells captions, bylines and lists of names from sentences and headline-style lines', () => {
    for (const line of [
      'Northwind Data Center campus in Vantaa, Finland / Photo: Northwind',
      'Jane Example | March 3, 2026, 10:15 AM',
      '노스윈드, 블루리버, 그린필드 데이터 관리업무시설',
      'The Northwind data hall in Vantaa',
    ])
      assert.equal(fragment(line), true, line);
    for (const line of [
      'Northwind opened a 40 MW data center in Vantaa on Monday.',
      'Northwind will invest €500 million in a data center in Vantaa',
      '노스윈드는 반타에 40MW 규모의 데이터센터를 열었다.',
      'नॉर्थविंड ने वांटा में 40 मेगावाट का डेटा सेंटर खोला।',
      'He said the hall would open "next spring"',
    ])
      assert.equal(fragment(line), false, line);
  });

  it('leaves a caption out of the summary, and reads a text with no full stop at all as it is', () => {
    const text =
      'Northwind opened a 40 MW data center in Vantaa on Monday.\n' +
      'Northwind Data Center campus in Vantaa, Finland / Photo: Northwind\n' +
      'The site has 2,000 racks and runs on 100% renewable power.';
    const shown = summarizeExtractive([article('n1', 'n', 'en', text)], 'en').detailed.map((s) => s.text);
    assert.ok(shown.some((s) => s.startsWith('Northwind opened')));
    assert.ok(!shown.some((s) => s.includes('Photo')), shown.join(' | '));
    const bare = summarizeExtractive(
      [article('n2', 'n', 'en', 'Northwind data hall of 40 MW in Vantaa\nNorthwind campus of 2,000 racks in Vantaa')],
      'en',
    );
    assert.ok(bare.detailed.length > 0, 'a text without punctuation still has a summary');
  });
});
