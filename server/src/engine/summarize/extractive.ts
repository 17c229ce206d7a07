import type { Translator } from '../translate/translator.js';
import { judgeSentence } from './fact-filter.js';
import { pickDistinct, rankFacts, type Fact, type SummaryArticle } from './facts.js';
import { figureLabel, figuresIn, formatFigure } from './key-figures.js';
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
    return translateFacts(summarizeExtractive(articles, preferredLanguage), this.translator, preferredLanguage);
  }
}

/** The extractive summaries without translation: foreign facts stay in their language, marked. */
export function summarizeExtractive(articles: SummaryArticle[], preferredLanguage: string): StorySummaries {
  const detailed = pickDistinct(rankFacts(articles, preferredLanguage), DEPTH_SIZE.detailed);
  const sentences = detailed.map((f) => factSentence(f, preferredLanguage));
  return {
    brief: sentences.slice(0, DEPTH_SIZE.brief),
    standard: sentences.slice(0, DEPTH_SIZE.standard),
    detailed: sentences,
    keyFigures: keyFigures(detailed, articles),
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
    inReaderLanguage: shown.language === preferredLanguage,
  };
}

/** The engine's translator; the one it builds also takes many texts at once (one batch, one cache lookup). */
export type FactTranslator = Translator & {
  translateAll?(requests: Array<{ text: string; from: string }>): Promise<Array<string | null>>;
};

/**
 * Every fact not in the reader's language translated once (the same text at several depths is one
 * request), best-ranked first (the pass's budget is spent from the first), through the engine's
 * translator. A translation that loses or changes a figure, that the fact filter rejects or that only
 * repeats the original, is not used; nor is one the translator cannot give (null) or fails on: the
 * original stays, marked with its language.
 */
export async function translateFacts(
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
  const translated = new Map(originals.map((s, i) => [key(s), faithful(s, answers[i] ?? null, translator.target)]));
  const swap = (s: SummarySentence): SummarySentence => {
    const text = s.inReaderLanguage === false ? translated.get(key(s)) : null;
    return text ? { ...s, text, language: preferredLanguage, translatedFrom: s.language, inReaderLanguage: true } : s;
  };
  return {
    brief: summaries.brief.map(swap),
    standard: summaries.standard.map(swap),
    detailed: summaries.detailed.map(swap),
    keyFigures: summaries.keyFigures,
  };
}

async function translateAll(translator: FactTranslator, sentences: SummarySentence[]): Promise<Array<string | null>> {
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

/** The translation if it is one (not the original again), keeps every figure and passes the fact filter in its language. */
function faithful(original: SummarySentence, answer: string | null, target: string): string | null {
  const text = answer?.replace(/\s+/g, ' ').trim();
  if (!text || text === original.text.replace(/\s+/g, ' ').trim()) return null;
  const kept = new Set(figuresIn(text, target).map((f) => f.key));
  if (figuresIn(original.text, original.language).some((f) => !kept.has(f.key))) return null;
  return judgeSentence(text, target).keep ? text : null;
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
        const sourceIds = new Set(
          fact.statements.filter((x) => x.figureKeys.has(figure.key)).flatMap((x) => [x.sourceId, ...x.alsoSourceIds]),
        );
        for (const a of perArticle) if (a.keys.has(figure.key)) for (const id of a.sourceIds) sourceIds.add(id);
        figures.set(figure.key, {
          label: figureLabel(figure, s.text, s.language),
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
