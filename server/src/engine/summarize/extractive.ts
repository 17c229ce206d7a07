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

  constructor(private readonly translator?: Translator) {}

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
    ...(shown.translatedFrom ? { translatedFrom: shown.translatedFrom } : {}),
    inReaderLanguage: shown.language === preferredLanguage,
  };
}

/**
 * Every fact not in the reader's language translated once (the same text at several depths is one call),
 * through the engine's translator. A translation that loses or changes a figure, or that the fact filter
 * rejects, is not used; nor is one the translator cannot give (null) or fails on: the original stays,
 * marked with its language.
 */
export async function translateFacts(
  summaries: StorySummaries,
  translator: Translator | undefined,
  preferredLanguage: string,
): Promise<StorySummaries> {
  if (!translator || translator.provider === 'none' || translator.target !== preferredLanguage) return summaries;
  const foreign = [summaries.brief, summaries.standard, summaries.detailed].flat().filter((s) => s.inReaderLanguage === false);
  if (!foreign.length) return summaries;
  const translated = new Map<string, string | null>();
  for (const s of foreign) {
    const key = `${s.language}\u0000${s.text}`;
    if (translated.has(key)) continue;
    translated.set(key, await faithfulTranslation(translator, s));
  }
  const swap = (s: SummarySentence): SummarySentence => {
    const text = s.inReaderLanguage === false ? translated.get(`${s.language}\u0000${s.text}`) : null;
    return text ? { ...s, text, language: preferredLanguage, translatedFrom: s.language, inReaderLanguage: true } : s;
  };
  return {
    brief: summaries.brief.map(swap),
    standard: summaries.standard.map(swap),
    detailed: summaries.detailed.map(swap),
    keyFigures: summaries.keyFigures,
  };
}

async function faithfulTranslation(translator: Translator, sentence: SummarySentence): Promise<string | null> {
  let text: string | null;
  try {
    text = (await translator.translate(sentence.text, sentence.language))?.replace(/\s+/g, ' ').trim() || null;
  } catch {
    // The translator logs its own failures (and keeps its budget); the fact goes out in its language, marked.
    return null;
  }
  if (!text) return null;
  const target = translator.target;
  const kept = new Set(figuresIn(text, target).map((f) => f.key));
  if (figuresIn(sentence.text, sentence.language).some((f) => !kept.has(f.key))) return null;
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
