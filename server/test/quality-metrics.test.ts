import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { INTERESTS } from '@dcbrief/shared';
import { passTimes, QUALITY_SETS, qualityRows, runQuality, splitEvents } from '../../bench/quality.js';
import { GoldIndex } from '../../bench/quality/judge.js';
import {
  interestScores,
  mixedLanguageSentences,
  pairwiseClusterScores,
  redundantPairs,
  type ClusterItem,
  type JudgedSentence,
} from '../../bench/quality/metrics.js';
import { checkArticles, findSets, isPureOpinion, loadSet, type QualityArticle } from '../../bench/quality/set.js';
import { normalizeSentence, splitSentences } from '../../bench/quality/text.js';
import { SetTranslator } from '../../bench/quality/translator.js';

const item = (id: string, gold: string, predicted: string | null, language = 'en'): ClusterItem => ({ id, gold, predicted, language });
function groupBy<T>(list: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of list) out.set(key(t), [...(out.get(key(t)) ?? []), t]);
  return out;
}
const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} != ${expected}`);

describe('pairwise cluster scores', () => {
  it('give 1 everywhere for a perfect clustering', () => {
    const s = pairwiseClusterScores([
      item('a1', 'A', 's1', 'en'),
      item('a2', 'A', 's1', 'de'),
      item('a3', 'A', 's1', 'en'),
      item('b1', 'B', 's2', 'ja'),
      item('c1', 'C', 's3', 'en'),
    ]);
    for (const k of ['sameLanguage', 'crossLanguage', 'all'] as const) {
      assert.equal(s[k].precision, 1);
      assert.equal(s[k].recall, 1);
      assert.equal(s[k].f1, 1);
    }
    assert.equal(s.sameLanguage.truePositive, 1);
    assert.equal(s.crossLanguage.truePositive, 2);
  });

  it('lose exactly the cross-language pairs when one event is split by language', () => {
    // A in en (a1, a2) and de (a3, a4), split into an English and a German story: 2 same-language pairs kept, 4 cross lost.
    const s = pairwiseClusterScores([
      item('a1', 'A', 's1'),
      item('a2', 'A', 's1'),
      item('a3', 'A', 's2', 'de'),
      item('a4', 'A', 's2', 'de'),
    ]);
    assert.deepEqual([s.sameLanguage.truePositive, s.sameLanguage.f1], [2, 1]);
    assert.deepEqual([s.crossLanguage.truePositive, s.crossLanguage.falseNegative], [0, 4]);
    assert.equal(s.crossLanguage.recall, 0);
    assert.equal(s.crossLanguage.f1, 0);
    close(s.all.recall, 2 / 6);
    assert.equal(s.all.precision, 1);
  });

  it('halve the recall when an event of four is split into two mixed halves', () => {
    const s = pairwiseClusterScores([
      item('a1', 'A', 's1'),
      item('a2', 'A', 's2'),
      item('a3', 'A', 's1', 'de'),
      item('a4', 'A', 's2', 'de'),
    ]);
    // Kept: a1-a3 and a2-a4 (both cross-language); lost: a1-a2, a3-a4 (same) and a1-a4, a2-a3 (cross).
    close(s.crossLanguage.recall, 0.5);
    close(s.crossLanguage.f1, 2 / 3);
    assert.equal(s.sameLanguage.recall, 0);
    close(s.all.recall, 2 / 6);
  });

  it('lower precision, not recall, when two events are merged', () => {
    const s = pairwiseClusterScores([item('x1', 'X', 's'), item('x2', 'X', 's'), item('y1', 'Y', 's')]);
    close(s.sameLanguage.precision, 1 / 3);
    assert.equal(s.sameLanguage.recall, 1);
    close(s.sameLanguage.f1, 0.5);
  });

  it('count an article the engine left out of every story as standing alone', () => {
    const s = pairwiseClusterScores([item('a1', 'A', null), item('a2', 'A', null)]);
    assert.deepEqual([s.all.truePositive, s.all.falseNegative, s.all.recall], [0, 1, 0]);
  });
});

const judged = (text: string, over: Partial<JudgedSentence> = {}): JudgedSentence => ({
  text,
  language: 'en',
  quantities: [],
  facts: [],
  opinion: false,
  ...over,
});

describe('summary figures', () => {
  it('a redundant pair is two sentences with a figure or a labelled fact in common', () => {
    const pairs = redundantPairs([
      judged('Equinix opened AM9 with 40 MW.', { quantities: ['mw:40'], facts: ['e1.opened'] }),
      judged('Die Anlage bietet 40 Megawatt.', { language: 'de', quantities: ['mw:40'] }),
      judged('Equinix hat AM9 am Dienstag eröffnet.', { language: 'de', facts: ['e1.opened'] }),
      judged('It cost €850 million.', { quantities: ['eur:850000000'] }),
    ]);
    assert.deepEqual(
      pairs.map((p) => p.shared),
      [['mw:40'], ['fact:e1.opened']],
    );
  });

  it('three sentences with one figure are three pairs; distinct facts are none', () => {
    const three = ['a', 'b', 'c'].map((t) => judged(t, { quantities: ['mw:100'] }));
    assert.equal(redundantPairs(three).length, 3);
    assert.equal(redundantPairs([judged('a', { quantities: ['mw:1'] }), judged('b', { quantities: ['mw:2'] })]).length, 0);
  });

  it('mixed language counts the sentences not in the reader language only beside one that is', () => {
    const summary = [judged('English.'), judged('Deutsch.', { language: 'de' }), judged('日本語。', { language: 'ja' })];
    assert.deepEqual(
      mixedLanguageSentences(summary, 'en').map((s) => s.language),
      ['de', 'ja'],
    );
    assert.deepEqual(mixedLanguageSentences(summary.slice(1), 'en'), []);
  });
});

describe('interest scores', () => {
  it('are 1 when every story has an acceptable interest', () => {
    const s = interestScores([
      { predicted: 'security', gold: ['operations', 'security'] },
      { predicted: 'marketTrends', gold: ['marketTrends'] },
    ]);
    assert.deepEqual([s.accuracy, s.macroF1, s.correct], [1, 1, 2]);
  });

  it('macro-F1 averages the interests that occur, a miss costing the predicted and the best gold interest', () => {
    const s = interestScores([
      { predicted: 'infrastructure', gold: ['infrastructure'] },
      { predicted: 'infrastructure', gold: ['marketTrends'] },
      { predicted: 'marketTrends', gold: ['marketTrends'] },
      { predicted: 'security', gold: ['security', 'operations'] },
    ]);
    close(s.accuracy, 0.75);
    // infrastructure P 1/2 R 1 -> 2/3; marketTrends P 1 R 1/2 -> 2/3; security 1; the other three do not occur.
    close(s.perInterest.infrastructure.f1, 2 / 3);
    close(s.perInterest.marketTrends.f1, 2 / 3);
    close(s.macroF1, (2 / 3 + 2 / 3 + 1) / 3);
    assert.equal(Object.keys(s.perInterest).length, INTERESTS.length);
  });
});

const article = (over: Partial<QualityArticle> & Pick<QualityArticle, 'id' | 'language' | 'text'>): QualityArticle => ({
  source: { id: 'outlet', name: 'Outlet' },
  published: '2026-11-18T08:00:00Z',
  title: 'A title',
  event: 'e1',
  interests: ['infrastructure'],
  opinionSentences: [],
  ...over,
});

const german = article({
  id: 'de1',
  language: 'de',
  title: 'Equinix eröffnet AM9',
  text: 'Equinix hat am 17. November AM9 eröffnet. Das Projekt kostet 850 Mio. Euro.\n\nEin großartiger Tag für Amsterdam.',
  opinionSentences: ['Ein großartiger Tag für Amsterdam.'],
  facts: { budget: ['Das Projekt kostet 850 Mio. Euro.'] },
  en: {
    title: 'Equinix opens AM9',
    text: 'Equinix opened AM9 on 17 November. The project costs 850 million euros.\n\nA great day for Amsterdam.',
  },
});

describe('labels matched to summary sentences', () => {
  it('the splitter keeps abbreviations and ordinals inside a sentence and cuts CJK and Arabic text', () => {
    assert.deepEqual(splitSentences(german.text), [
      'Equinix hat am 17. November AM9 eröffnet.',
      'Das Projekt kostet 850 Mio. Euro.',
      'Ein großartiger Tag für Amsterdam.',
    ]);
    assert.deepEqual(splitSentences('IT容量は40メガワット。投資額は8億5000万ユーロ。'), [
      'IT容量は40メガワット。',
      '投資額は8億5000万ユーロ。',
    ]);
    assert.equal(splitSentences('وتبلغ التكلفة 3.7 مليار درهم. ومن المقرر تشغيل المرحلة الأولى.').length, 2);
    assert.equal(splitSentences('The PUE must be 1.2. New sites must offer heat.').length, 2);
  });

  it('an opinion sentence is found in the original and in its translation, each with its language', () => {
    const gold = new GoldIndex([german], 'en');
    const original = gold.judge('Ein großartiger Tag für Amsterdam.', 'de');
    const translated = gold.judge('A great day for Amsterdam.', 'de');
    assert.deepEqual([original.opinion, original.language], [true, 'de']);
    assert.deepEqual([translated.opinion, translated.language], [true, 'en']);
    assert.equal(gold.judge('Equinix opened AM9 on 17 November.', 'en').opinion, false);
  });

  it('facts and figures come with the sentence: 850 Mio. Euro is the figure of €850 million', () => {
    const gold = new GoldIndex([german], 'en');
    const s = gold.judge('Das Projekt kostet 850 Mio. Euro.', 'de');
    assert.deepEqual(s.facts, ['e1.budget']);
    assert.deepEqual(s.quantities, ['eur:850000000']);
    assert.deepEqual(gold.judge('The project costs 850 million euros.', 'de').facts, ['e1.budget']);
  });

  it('a fact fragment of an opinion sentence is not opinion when shown alone; a shorter or other cut still is', () => {
    const whole = 'Acme will invest $10 billion in a data center in Portugal, marking one of its largest investments in Europe.';
    const article: QualityArticle = {
      id: 'frag',
      source: { id: 'wire', name: 'Wire' },
      language: 'en',
      published: '2026-01-01T10:00:00Z',
      title: 'Acme invests in Portugal',
      text: `${whole} The site opens in 2027.`,
      event: 'e9',
      interests: ['infrastructure'],
      opinionSentences: [whole],
      factFragments: ['Acme will invest $10 billion in a data center in Portugal'],
    };
    assert.deepEqual(checkArticles([article]).errors, []);
    const gold = new GoldIndex([article], 'en');
    for (const shown of [
      'Acme will invest $10 billion in a data center in Portugal.',
      'Acme will invest $10 billion in a data center in Portugal',
    ])
      assert.deepEqual([gold.judge(shown, 'en').opinion, gold.judge(shown, 'en').matched], [false, true]);
    assert.equal(gold.judge(whole, 'en').opinion, true);
    assert.equal(gold.judge('Acme will invest $10 billion in a data center.', 'en').opinion, true);
    assert.equal(gold.judge('one of its largest investments in Europe', 'en').opinion, true);
    const wrong = { ...article, factFragments: ['The site opens'] };
    assert.match(checkArticles([wrong]).errors.join(), /does not begin an opinion sentence/);
  });

  it('a fragment of a labelled sentence matches it; an unknown sentence keeps the engine language', () => {
    const gold = new GoldIndex([german], 'en');
    assert.equal(gold.judge('Das Projekt kostet 850 Mio.', 'xx').language, 'de');
    const unknown = gold.judge('Key figures: 40 MW', 'en');
    assert.deepEqual([unknown.matched, unknown.language, unknown.opinion], [false, 'en', false]);
    assert.equal(normalizeSentence('  “Quoted”  text. '), '"quoted" text');
  });
});

describe('the translator stand-in', () => {
  it('translates titles, whole texts and texts made of known sentences, and nothing else', async () => {
    const t = new SetTranslator([german]);
    assert.equal(t.provider, 'set-stand-in');
    assert.equal(t.target, 'en');
    assert.equal(await t.translate('Equinix eröffnet AM9'), 'Equinix opens AM9');
    assert.equal(await t.translate(german.text), german.en!.text);
    assert.equal(
      await t.translate('Equinix hat am 17. November AM9 eröffnet.\nEin großartiger Tag für Amsterdam.'),
      'Equinix opened AM9 on 17 November.\n\nA great day for Amsterdam.',
    );
    assert.equal(await t.translate('Ein unbekannter Satz.'), null);
    assert.deepEqual(t.calls, { total: 4, unknown: 1 });
  });
});

describe('the labelled sets', () => {
  const dirs = findSets(QUALITY_SETS);
  const sets = dirs.map((d) => loadSet(d));
  const all = sets.flatMap((s) => s.articles);

  it('are a tuning set and a separate held-out set of about a sixth of the articles', () => {
    assert.deepEqual(
      sets.map((s) => s.name),
      ['core', 'held-out'],
    );
    const heldOut = sets.find((s) => s.name === 'held-out')!.articles.length;
    assert.ok(heldOut / all.length >= 0.1 && heldOut / all.length <= 0.2, `held-out share ${heldOut}/${all.length}`);
  });

  it('validate: unique ids, labels on every article, opinion sentences verbatim, aligned translations', () => {
    const ids = new Set<string>();
    for (const a of all) {
      assert.ok(!ids.has(a.id), `duplicate id across sets: ${a.id}`);
      ids.add(a.id);
      assert.ok(a.event && a.language && a.interests.length > 0, a.id);
      for (const s of a.opinionSentences) assert.ok(a.text.includes(s) || a.title === s, `${a.id}: ${s}`);
      for (const list of Object.values(a.facts ?? {}))
        for (const s of list) assert.ok(a.text.includes(s) || a.title === s, `${a.id}: ${s}`);
      if (a.language !== 'en') assert.ok(a.en, `${a.id} has no translation`);
    }
    for (const s of sets) assert.deepEqual(checkArticles(s.articles), { errors: [], warnings: [] });
  });

  it('cover at least 12 languages, with non-Latin scripts and a right-to-left one', () => {
    const languages = new Set(all.map((a) => a.language));
    assert.ok(languages.size >= 12, `${languages.size} languages`);
    assert.ok(languages.has('ja') || languages.has('zh'));
    assert.ok(languages.has('ru'));
    assert.ok(languages.has('ar') || languages.has('he'));
    for (const a of all.filter((x) => ['ja', 'zh', 'ru', 'ar', 'he'].includes(x.language)))
      assert.match(a.text, /[\p{Script=Han}\p{Script=Katakana}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}]/u, a.id);
  });

  it('hold multi-outlet events across languages, wire copies, opinion pieces, must-know stories and singletons', () => {
    const byEvent = groupBy(all, (a) => a.event);
    const multi = [...byEvent.values()].filter((list) => new Set(list.map((a) => a.language)).size >= 2);
    assert.ok(multi.length >= 30, `${multi.length} events told in two languages or more`);
    const texts = groupBy(all, (a) => a.text);
    assert.ok(
      [...texts.values()].some((list) => new Set(list.map((a) => a.source.id)).size >= 2),
      'a wire copy',
    );
    assert.ok(all.filter(isPureOpinion).length >= 4, 'pure opinion pieces');
    assert.ok(all.some((a) => a.mustKnow && !a.interests.includes('regulations') && a.interests.includes('security')));
    assert.ok(all.some((a) => a.mustKnow && a.interests.includes('regulations')));
    assert.ok([...byEvent.values()].filter((list) => list.length === 1).length >= 10, 'singletons');
  });

  it('refuse a set with a duplicate id or a label not in its article, and warn of what only weakens the labels', () => {
    const { errors, warnings } = checkArticles([
      { ...german, opinionSentences: ['Nicht im Text.'] },
      { ...german, id: 'de2', opinionSentences: ['Ein großartiger Tag'] },
      { ...german, id: 'de3', en: { title: 'x y z', text: 'One sentence only for three.' } },
      { ...german, id: 'de4', en: undefined },
      { ...german },
    ]);
    assert.equal(errors.length, 2, errors.join('\n'));
    assert.match(errors[0]!, /^de1: opinion sentence is not in the article/);
    assert.match(errors[1]!, /^de1: duplicate id/);
    assert.deepEqual(
      warnings.map((w) => w.replace(/:.*/, '')),
      ['de2', 'de3', 'de4'],
    );
    assert.match(warnings[1]!, /translation has sentences per paragraph 1, original 2\/1/);
  });

  it('match a label that is not a whole sentence, as a set from elsewhere may give one', () => {
    const gold = new GoldIndex([{ ...german, opinionSentences: ['am 17. November AM9 eröffnet'] }], 'en');
    assert.equal(gold.judge('am 17. November AM9 eröffnet', 'de').opinion, true);
    assert.equal(gold.judge('Equinix hat am 17. November AM9 eröffnet.', 'de').opinion, false);
  });
});

describe('the quality bench on a small set', () => {
  it('ingests the set through the engine twice and reports every figure, every labelled article found', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dcbrief-quality-'));
    try {
      const english = article({
        id: 'en1',
        source: { id: 'wire-en', name: 'Wire EN' },
        language: 'en',
        title: 'Equinix opens AM9 in Amsterdam',
        text: 'Equinix opened AM9 in Amsterdam on Tuesday with 40 MW of IT capacity. The company invested €850 million in the site.',
        facts: { capacity: ['Equinix opened AM9 in Amsterdam on Tuesday with 40 MW of IT capacity.'] },
      });
      const dutch = article({
        id: 'nl1',
        source: { id: 'krant-nl', name: 'Krant NL' },
        language: 'nl',
        title: 'Equinix opent AM9 in Amsterdam',
        text: 'Equinix heeft dinsdag AM9 in Amsterdam geopend met 40 megawatt IT-capaciteit. Het bedrijf investeerde 850 miljoen euro.',
        en: {
          title: 'Equinix opens AM9 in Amsterdam',
          text: 'Equinix opened AM9 in Amsterdam on Tuesday with 40 megawatts of IT capacity. The company invested 850 million euros.',
        },
      });
      writeFileSync(path.join(dir, 'articles.json'), JSON.stringify([english, dutch]));
      writeFileSync(path.join(dir, 'set.json'), JSON.stringify({ name: 'tiny', now: '2026-11-18T12:00:00Z' }));
      const set = loadSet(dir);
      const runs = [await runQuality(set, 'none'), await runQuality(set, 'stand-in')];
      for (const r of runs) {
        assert.deepEqual(r.notFound, []);
        assert.equal(r.articles, 2);
        assert.ok(r.summarySentences > 0);
      }
      assert.equal(runs[0]!.translatorCalls, null);
      assert.ok(runs[1]!.translatorCalls!.total >= 2, 'the Dutch title and text went through the stand-in');
      assert.equal(runs[1]!.translatorCalls!.unknown, 0);
      const rows = qualityRows(runs);
      assert.match(rows[0]!.set!, /^tiny \(2 articles, 2 languages, 1 events\)/);
      assert.ok(rows.some((r) => r.figure === 'cluster F1 cross-language (P / R)' && / (met|MISSED)$/.test(r['no translator']!)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a set measured as the news came', () => {
  it('counts the events of two articles or more that reach the reader as two stories or more', () => {
    const items = [
      { id: 'a1', gold: 'a', predicted: 's1', language: 'en' },
      { id: 'a2', gold: 'a', predicted: 's1', language: 'de' },
      { id: 'b1', gold: 'b', predicted: 's2', language: 'en' },
      { id: 'b2', gold: 'b', predicted: null, language: 'fr' },
      { id: 'c1', gold: 'c', predicted: 's3', language: 'en' },
    ];
    assert.deepEqual(splitEvents(items), { events: 2, split: 1 });
  });

  it('passes at the hour after each hour that brought an article, in order, once each', () => {
    const article = (id: string, published: string) => ({ id, published }) as QualityArticle;
    const set = {
      articles: [article('x', '2025-03-02T10:40:00+01:00'), article('y', '2025-03-01T08:05:00Z'), article('z', '2025-03-02T09:10:00Z')],
    } as Parameters<typeof passTimes>[0];
    assert.deepEqual(
      passTimes(set).map((d) => d.toISOString()),
      ['2025-03-01T09:00:00.000Z', '2025-03-02T10:00:00.000Z'],
    );
  });
});
