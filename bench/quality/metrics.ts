/**
 * The quality figures, as pure functions of gold labels and what the engine produced. docs/decisions/207.
 */
import { INTERESTS, type Interest } from '@dcbrief/shared';

export interface PairCounts {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
}

export interface PairScores extends PairCounts {
  precision: number;
  recall: number;
  f1: number;
}

export interface ClusterItem {
  id: string;
  /** The gold story. */
  gold: string;
  /** The engine's story; null when the engine made none for the item (it then stands alone). */
  predicted: string | null;
  language: string;
}

/**
 * Pairwise precision, recall and F1 over every pair of items, split into pairs of one language and pairs of two:
 * a pair is a true positive when gold and engine both put its items in one story, a false positive when only the
 * engine does, a false negative when only gold does. With no pair on either side a score is 1 (nothing to get wrong).
 */
export function pairwiseClusterScores(items: ClusterItem[]): { sameLanguage: PairScores; crossLanguage: PairScores; all: PairScores } {
  const same: PairCounts = { truePositive: 0, falsePositive: 0, falseNegative: 0 };
  const cross: PairCounts = { truePositive: 0, falsePositive: 0, falseNegative: 0 };
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!;
      const b = items[j]!;
      const gold = a.gold === b.gold;
      const predicted = a.predicted !== null && a.predicted === b.predicted;
      if (!gold && !predicted) continue;
      const counts = a.language === b.language ? same : cross;
      if (gold && predicted) counts.truePositive++;
      else if (predicted) counts.falsePositive++;
      else counts.falseNegative++;
    }
  }
  const all = {
    truePositive: same.truePositive + cross.truePositive,
    falsePositive: same.falsePositive + cross.falsePositive,
    falseNegative: same.falseNegative + cross.falseNegative,
  };
  return { sameLanguage: scores(same), crossLanguage: scores(cross), all: scores(all) };
}

export function scores(c: PairCounts): PairScores {
  const precision = c.truePositive + c.falsePositive === 0 ? 1 : c.truePositive / (c.truePositive + c.falsePositive);
  const recall = c.truePositive + c.falseNegative === 0 ? 1 : c.truePositive / (c.truePositive + c.falseNegative);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

/** A summary sentence as the bench sees it once matched against the labels. */
export interface JudgedSentence {
  text: string;
  /** The language it is written in: the labelled sentence's when it matched one, else what the engine says. */
  language: string;
  /** Normalised figures it states (the engine's anchor keys, e.g. "mw:40", "eur:850000000"). */
  quantities: string[];
  /** Labelled facts it states. */
  facts: string[];
  /** Labelled as opinion or speculation (in the original or in its translation). */
  opinion: boolean;
  /** Labelled as background: about another actor or another event than the article's own. */
  background?: boolean;
}

export interface RedundantPair {
  a: string;
  b: string;
  /** What they share: "mw:40", "fact:e01.capacity". */
  shared: string[];
}

/** Pairs of sentences in one summary that state the same figure or the same labelled fact. */
export function redundantPairs(summary: JudgedSentence[]): RedundantPair[] {
  const out: RedundantPair[] = [];
  for (let i = 0; i < summary.length; i++) {
    for (let j = i + 1; j < summary.length; j++) {
      const a = summary[i]!;
      const b = summary[j]!;
      const shared = [
        ...a.quantities.filter((q) => b.quantities.includes(q)),
        ...a.facts.filter((f) => b.facts.includes(f)).map((f) => `fact:${f}`),
      ];
      if (shared.length) out.push({ a: a.text, b: b.text, shared: [...new Set(shared)] });
    }
  }
  return out;
}

/** Sentences of a summary not in the reader's language, when the same summary has one that is. */
export function mixedLanguageSentences(summary: JudgedSentence[], readerLanguage: string): JudgedSentence[] {
  if (!summary.some((s) => s.language === readerLanguage)) return [];
  return summary.filter((s) => s.language !== readerLanguage);
}

export interface InterestItem {
  predicted: Interest;
  /** The acceptable interests, the first the best. */
  gold: Interest[];
}

export interface InterestScores {
  n: number;
  correct: number;
  accuracy: number;
  macroF1: number;
  perInterest: Record<Interest, { precision: number; recall: number; f1: number; support: number }>;
}

/**
 * Accuracy: the predicted interest is one of the acceptable ones. Macro-F1 over the interests that occur (as a
 * best gold label or as a prediction): an acceptable prediction is a true positive of the predicted interest; a
 * wrong one is a false positive of the predicted interest and a false negative of the best gold interest.
 */
export function interestScores(items: InterestItem[]): InterestScores {
  const tp = zeroes();
  const fp = zeroes();
  const fn = zeroes();
  const support = zeroes();
  let correct = 0;
  for (const { predicted, gold } of items) {
    if (gold.includes(predicted)) {
      correct++;
      tp[predicted]++;
      support[predicted]++;
    } else {
      fp[predicted]++;
      fn[gold[0]!]++;
      support[gold[0]!]++;
    }
  }
  const perInterest = {} as InterestScores['perInterest'];
  const f1s: number[] = [];
  for (const i of INTERESTS) {
    const s = scores({ truePositive: tp[i], falsePositive: fp[i], falseNegative: fn[i] });
    perInterest[i] = { precision: s.precision, recall: s.recall, f1: s.f1, support: support[i] };
    if (tp[i] + fp[i] + fn[i] > 0) f1s.push(s.f1);
  }
  return {
    n: items.length,
    correct,
    accuracy: items.length ? correct / items.length : 1,
    macroF1: f1s.length ? f1s.reduce((a, b) => a + b, 0) / f1s.length : 1,
    perInterest,
  };
}

function zeroes(): Record<Interest, number> {
  return Object.fromEntries(INTERESTS.map((i) => [i, 0])) as Record<Interest, number>;
}
