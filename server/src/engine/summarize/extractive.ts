import { extractAnchors, findQuantities } from '../dedupe/anchors.js';
import { fold } from '../dedupe/gazetteer.js';
import { judgeSentence } from './fact-filter.js';
import { splitSentences } from './sentences.js';
import type { KeyFigure, StorySummaries, SummarySentence } from './summary.types.js';

/** What a summarizer reads: the story's articles, each in the language it will be quoted in. */
export interface SummaryArticle {
  id: string;
  sourceId: string;
  sourceWeight: number;
  title: string;
  text: string;
  language: string;
  /** Quantity keys already found in the article (its anchors), to spare a second scan for key figures. */
  quantityKeys?: string[];
}

export interface Summarizer {
  readonly name: string;
  summarize(articles: SummaryArticle[], preferredLanguage: string): Promise<StorySummaries>;
}

interface Candidate {
  text: string;
  language: string;
  words: Set<string>;
  quantities: Set<string>;
  entities: Set<string>;
  score: number;
  sourceIds: Set<string>;
  articleIds: Set<string>;
  order: number;
}

const DEPTH_SIZE = { brief: 1, standard: 3, detailed: 6 } as const;

/**
 * The default summarizer: picks whole sentences that pass the fact filter, scores them by checkable content
 * (quantities, names, dates), position and how many sources state the same thing, and attributes each to
 * every source that states it (near-identical wording, or the same figures and names in another language).
 */
export class ExtractiveSummarizer implements Summarizer {
  readonly name = 'extractive';

  async summarize(articles: SummaryArticle[], preferredLanguage: string): Promise<StorySummaries> {
    return summarizeExtractive(articles, preferredLanguage);
  }
}

export function summarizeExtractive(articles: SummaryArticle[], preferredLanguage: string): StorySummaries {
  const ranked = rankedCandidates(articles, preferredLanguage);
  const toSentence = (c: Candidate): SummarySentence => ({
    text: c.text,
    language: c.language,
    sourceIds: [...c.sourceIds].sort(),
    articleIds: [...c.articleIds],
  });
  const pick = (n: number) => ranked.slice(0, n).map(toSentence);
  const standardSize = ranked.length >= 3 ? 3 : Math.min(ranked.length, 2);
  const detailed = ranked.slice(0, DEPTH_SIZE.detailed);
  return {
    brief: pick(DEPTH_SIZE.brief),
    standard: pick(standardSize),
    detailed: detailed.map(toSentence),
    keyFigures: keyFigures(detailed, articles),
  };
}

export function rankedCandidates(articles: SummaryArticle[], preferredLanguage: string): Candidate[] {
  const groups: Candidate[] = [];
  let order = 0;
  const sorted = [...articles].sort(
    (a, b) => Number(b.language === preferredLanguage) - Number(a.language === preferredLanguage) || b.sourceWeight - a.sourceWeight,
  );
  for (const article of sorted) {
    // The facts of a news story are in its first paragraphs; the tail of a long transcript adds cost, not facts.
    const sentences = splitSentences(article.text.slice(0, 6000), article.language).slice(0, 20);
    sentences.forEach((text, position) => {
      if (!judgeSentence(text, article.language).keep) return;
      const anchors = extractAnchors(text, article.language);
      const candidate: Candidate = {
        text,
        language: article.language,
        words: wordSet(text),
        quantities: new Set(anchors.quantities),
        entities: new Set(anchors.entities),
        score:
          Math.min(anchors.quantities.length, 3) * 2 +
          Math.min(anchors.entities.length, 3) +
          Math.min(anchors.dates.length, 1) +
          (position === 0 ? 2 : position < 3 ? 1 : 0) +
          (article.language === preferredLanguage ? 1.5 : 0) +
          article.sourceWeight * 0.5,
        sourceIds: new Set([article.sourceId]),
        articleIds: new Set([article.id]),
        order: order++,
      };
      const same = groups.find((g) => sameFact(g, candidate));
      if (same) {
        same.sourceIds.add(article.sourceId);
        same.articleIds.add(article.id);
      } else groups.push(candidate);
    });
  }
  // Title-only items (short news, podcast episodes without notes): the headline is the fact, if it is one.
  if (groups.length === 0) {
    for (const article of sorted) {
      const title = article.title.trim();
      if (!title || !judgeSentence(title.endsWith('.') ? title : `${title}.`, article.language).keep) continue;
      groups.push({
        text: title,
        language: article.language,
        words: wordSet(title),
        quantities: new Set(),
        entities: new Set(),
        score: article.sourceWeight,
        sourceIds: new Set([article.sourceId]),
        articleIds: new Set([article.id]),
        order: order++,
      });
      break;
    }
  }
  const corroborated = (c: Candidate) => c.score + (c.sourceIds.size - 1) * 2;
  return groups.sort((a, b) => corroborated(b) - corroborated(a) || a.order - b.order);
}

/** Near-identical wording in one language, or the same figures and at least one shared name across languages. */
function sameFact(a: Candidate, b: Candidate): boolean {
  if (a.language === b.language) return jaccard(a.words, b.words) >= 0.6;
  if (a.quantities.size === 0 || b.quantities.size === 0) return false;
  const allFigures = [...b.quantities].every((q) => a.quantities.has(q)) || [...a.quantities].every((q) => b.quantities.has(q));
  const sharedName = [...a.entities].some((e) => b.entities.has(e));
  return allFigures && sharedName;
}

function keyFigures(chosen: Candidate[], articles: SummaryArticle[]): KeyFigure[] {
  const figures = new Map<string, KeyFigure>();
  const perArticle = articles.map((a) => ({
    sourceId: a.sourceId,
    keys: new Set(a.quantityKeys ?? findQuantities(`${a.title}\n${a.text}`, a.language).map((q) => q.key)),
  }));
  for (const c of chosen) {
    for (const q of findQuantities(c.text, c.language)) {
      if (figures.has(q.key)) continue;
      const sourceIds = new Set<string>();
      for (const a of perArticle) if (a.keys.has(q.key)) sourceIds.add(a.sourceId);
      figures.set(q.key, { text: q.raw, key: q.key, sourceIds: [...sourceIds].sort() });
    }
  }
  return [...figures.values()].slice(0, 8);
}

function wordSet(text: string): Set<string> {
  const folded = fold(text);
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length <= 2) {
    const chars = [...folded.replace(/\s+/g, '')];
    return new Set(chars.slice(0, -1).map((c, i) => c + chars[i + 1]));
  }
  return new Set(words);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter || 1);
}
