import type { Translator } from '../translate/translator.js';
import { judgeSentence } from './fact-filter.js';
import { pickDistinct, rankFacts, withTranslations, type Fact, type SummaryArticle } from './facts.js';
import { figureLabel, figuresIn, formatFigure, plainLabel } from './key-figures.js';
import type { KeyFigure, StorySummaries, SummarySentence } from './summary.types.js';

export type { SummaryArticle } from './facts.js';

export interface Summarizer {
  readonly name: string;
  summarize(articles: SummaryArticle[], preferredLanguage: string): Promise<StorySummaries>;
}

const DEPTH_SIZE = { brief: 1, standard: 3, detailed: 6 } as const;
const KEY_FIGURES_MAX = 8;

/**
 * The default summarizer: the story's facts (sentences of any of its articles that state the same thing,
 * grouped across sources and languages), each shown once in the reader's language when a source states
 * it so, else translated by the engine's translator when one is configured, else as the original marked
 * with its language; most corroborated and most informative first, no two stating the same figure.
 * docs/decisions/211.
 */
export class ExtractiveSummarizer implements Summarizer {
  readonly name = 'extractive';

  constructor(private readonly translator?: FactTranslator) {}

  async summarize(articles: SummaryArticle[], preferredLanguage: string): Promise<StorySummaries> {
    const facts = await translateFacts(rankFacts(articles, preferredLanguage), this.translator, preferredLanguage);
    return summariesOf(facts, articles, preferredLanguage);
  }
}

/** The extractive summaries without translation: foreign facts stay in their language, marked. */
export function summarizeExtractive(articles: SummaryArticle[], preferredLanguage: string): StorySummaries {
  return summariesOf(rankFacts(articles, preferredLanguage), articles, preferredLanguage);
}

/** Facts translated at most this many per story: the detailed depth's, and a few for those that turn out to be the same as another. */
const TRANSLATED_FACTS_MAX = DEPTH_SIZE.detailed + 3;

/** What the English fact filter finds in a translation that makes its fact no fact at all (not its length or anchors, which are the original's). */
const NOT_A_FACT: ReadonlySet<string> = new Set([
  'question',
  'exclamation',
  'quote',
  'first-person',
  'opinion',
  'speculation',
  'marketing',
]);

/**
 * The best facts no source states in the reader's language, translated through the engine's translator
 * (one batch, best first: the pass's budget is spent from the first), then grouped again with the facts
 * in the reader's language (a translation may state what an English sentence states). A translation is
 * used if it is one (not the original again) and keeps every figure; the fact filter then reads it in the
 * reader's language, and a fact it finds to be opinion, speculation or marketing there is left out (the
 * original passed its own language's cues only). No translator, a text it cannot do or a failure: the
 * original stays, marked with its language.
 */
async function translateFacts(facts: Fact[], translator: FactTranslator | undefined, preferredLanguage: string): Promise<Fact[]> {
  if (!translator || translator.provider === 'none' || translator.target !== preferredLanguage) return facts;
  const foreign = facts.filter((f) => !f.inReaderLanguage).slice(0, TRANSLATED_FACTS_MAX);
  if (!foreign.length) return facts;
  const answers = await translateAll(
    translator,
    foreign.map((f) => f.shown),
  );
  const translations = new Map<Fact, string>();
  const dropped = new Set<Fact>();
  foreign.forEach((fact, i) => {
    const text = translationOf(fact.shown, answers[i] ?? null, translator.target);
    if (!text) return;
    const verdict = judgeSentence(text, translator.target);
    if (!verdict.keep && NOT_A_FACT.has(verdict.reason ?? '')) dropped.add(fact);
    else translations.set(fact, text);
  });
  return withTranslations(facts, translations, dropped, preferredLanguage);
}

/**
 * A summary speaks the reader's language: when the story has facts in it (stated or translated), the
 * others are left out rather than shown in another language beside them; a story with none is told in its
 * originals, each marked with its language.
 */
function summariesOf(ranked: Fact[], articles: SummaryArticle[], preferredLanguage: string): StorySummaries {
  const told = ranked.some((f) => f.inReaderLanguage) ? ranked.filter((f) => f.inReaderLanguage) : ranked;
  const detailed = pickDistinct(told, DEPTH_SIZE.detailed);
  const sentences = detailed.map((f) => factSentence(f, preferredLanguage));
  const figures = keyFigures(detailed, articles);
  // One array per list of ids: most facts of a story name the same outlets and articles, and an ingest pass
  // keeps every story's summaries until it stores them (docs/decisions/517).
  const shared = new Map<string, string[]>();
  const same = (ids: string[]) => {
    const key = ids.join('\n');
    const known = shared.get(key);
    if (known) return known;
    shared.set(key, ids);
    return ids;
  };
  for (const s of sentences) {
    s.sourceIds = same(s.sourceIds);
    s.articleIds = same(s.articleIds);
  }
  for (const f of figures) f.sourceIds = same(f.sourceIds);
  return {
    brief: sentences.slice(0, DEPTH_SIZE.brief),
    standard: sentences.slice(0, DEPTH_SIZE.standard),
    detailed: sentences,
    keyFigures: figures,
  };
}

/** A fact as a summary sentence: the statement shown, and every outlet and article that states the fact. */
export function factSentence(fact: Fact, preferredLanguage: string): SummarySentence {
  const shown = fact.shown;
  return {
    text: shown.text,
    language: shown.language,
    sourceIds: [...fact.sourceIds].sort(),
    articleIds: [...fact.articleIds],
    ...(shown.translatedFrom ? { translatedFrom: shown.translatedFrom } : {}),
    inReaderLanguage: shown.language === preferredLanguage,
  };
}

/** The engine's translator; the one it builds also takes many texts at once (one batch, one cache lookup). */
export type FactTranslator = Translator & {
  translateAll?(requests: Array<{ text: string; from: string }>): Promise<Array<string | null>>;
};

/**
 * The language-model summarizer's sentences not in the reader's language (its extractive stand-ins)
 * translated once each (the same text at several depths is one request), best-ranked first, with the
 * checks of `translateFacts`: a sentence whose translation the fact filter finds to be opinion is left
 * out; an unusable or missing translation leaves the original, marked with its language.
 */
export async function translateSentences(
  summaries: StorySummaries,
  translator: FactTranslator | undefined,
  preferredLanguage: string,
): Promise<StorySummaries> {
  if (!translator || translator.provider === 'none' || translator.target !== preferredLanguage) return summaries;
  const key = (s: SummarySentence) => `${s.language}\u0000${s.text}`;
  const foreign = new Map<string, SummarySentence>();
  for (const s of [summaries.detailed, summaries.standard, summaries.brief].flat())
    if (s.inReaderLanguage === false && !foreign.has(key(s))) foreign.set(key(s), s);
  if (!foreign.size) return summaries;
  const originals = [...foreign.values()];
  const answers = await translateAll(translator, originals);
  const translated = new Map(originals.map((s, i) => [key(s), translationOf(s, answers[i] ?? null, translator.target)]));
  const opinion = (text: string) => NOT_A_FACT.has(judgeSentence(text, translator.target).reason ?? '');
  const swap = (sentences: SummarySentence[]): SummarySentence[] =>
    sentences.flatMap((s) => {
      const text = s.inReaderLanguage === false ? translated.get(key(s)) : null;
      if (!text) return [s];
      if (opinion(text)) return [];
      return [{ ...s, text, language: preferredLanguage, translatedFrom: s.language, inReaderLanguage: true }];
    });
  return {
    brief: swap(summaries.brief),
    standard: swap(summaries.standard),
    detailed: swap(summaries.detailed),
    keyFigures: summaries.keyFigures,
  };
}

async function translateAll(
  translator: FactTranslator,
  sentences: Array<{ text: string; language: string }>,
): Promise<Array<string | null>> {
  try {
    if (translator.translateAll) return await translator.translateAll(sentences.map((s) => ({ text: s.text, from: s.language })));
    const out: Array<string | null> = [];
    for (const s of sentences) out.push(await translator.translate(s.text, s.language));
    return out;
  } catch {
    // The engine's translator never throws (it logs the provider's failure once a pass); another one might:
    // the facts go out in their language, marked.
    return sentences.map(() => null);
  }
}

/** The translation if it is one (not the original again) and keeps every figure of the original. */
function translationOf(original: { text: string; language: string }, answer: string | null, target: string): string | null {
  const text = answer?.replace(/\s+/g, ' ').trim();
  if (!text || text === original.text.replace(/\s+/g, ' ').trim()) return null;
  const kept = new Set(figuresIn(text, target).map((f) => f.key));
  return figuresIn(original.text, original.language).every((f) => kept.has(f.key)) ? text : null;
}

/**
 * The figures of the detailed facts, each with what it measures and every source whose article states it
 * (in any language), in the order the facts are ranked.
 */
function keyFigures(facts: Fact[], articles: SummaryArticle[]): KeyFigure[] {
  const perArticle = articles.map((a) => ({
    sourceIds: [a.sourceId, ...(a.alsoSourceIds ?? [])],
    keys: new Set(a.quantityKeys ?? figuresIn(`${a.title}\n${a.text}`, a.language).map((q) => q.key)),
  }));
  const figures = new Map<string, KeyFigure>();
  for (const fact of facts) {
    for (const s of [fact.shown, ...fact.statements.filter((x) => x !== fact.shown)]) {
      for (const figure of s.figures) {
        if (figures.has(figure.key)) continue;
        const label = figureLabel(figure, s.text, s.language);
        // A percentage alone ("Share: 100%") says nothing: it is a key figure only when a word says of what.
        if (figure.key.startsWith('pct:') && label === plainLabel(figure.key)) continue;
        const sourceIds = new Set(
          fact.statements.filter((x) => x.figureKeys.has(figure.key)).flatMap((x) => [x.sourceId, ...x.alsoSourceIds]),
        );
        for (const a of perArticle) if (a.keys.has(figure.key)) for (const id of a.sourceIds) sourceIds.add(id);
        figures.set(figure.key, {
          label,
          text: formatFigure(figure.key),
          key: figure.key,
          stated: figure.raw,
          sourceIds: [...sourceIds].sort(),
        });
      }
    }
  }
  return [...figures.values()].slice(0, KEY_FIGURES_MAX);
}
