/**
 * Summary sentences matched against a set's labels: which article sentence (or its translation) each one is,
 * and so its language, whether it is labelled opinion, and the facts it states.
 */
import { findQuantities } from '../../server/src/engine/language/anchors.js';
import type { JudgedSentence } from './metrics.js';
import { alignedSentences, type QualityArticle } from './set.js';
import { normalizeSentence } from './text.js';

interface GoldSentence {
  articleId: string;
  normalized: string;
  language: string;
  opinion: boolean;
  background: boolean;
  facts: string[];
}

/** A fact fragment's key: the normal form without the clause punctuation a trimmed sentence may end with. */
const fragmentKey = (s: string) => normalizeSentence(s).replace(/[\s,;:،，、；：–—-]+$/u, '');

/** A fragment shorter than this (in characters) is not matched by containment: too many false hits. */
const MIN_FRAGMENT = 12;

export class GoldIndex {
  private readonly exact = new Map<string, GoldSentence>();
  private readonly all: GoldSentence[] = [];
  /** Leading clauses of opinion sentences labelled facts on their own (`factFragments`): matched exactly only. */
  private readonly fragments = new Map<string, GoldSentence>();

  constructor(articles: QualityArticle[], readerLanguage: string) {
    for (const a of articles) {
      const opinion = new Set(a.opinionSentences);
      const background = new Set(a.backgroundSentences ?? []);
      const factsOf = (s: string) =>
        Object.entries(a.facts ?? {})
          .filter(([, list]) => list.includes(s))
          .map(([id]) => `${a.event}.${id}`);
      const pairs = [{ original: a.title, english: a.en?.title ?? a.title }, ...alignedSentences(a)];
      for (const { original, english } of pairs) {
        const common = { articleId: a.id, opinion: opinion.has(original), background: background.has(original), facts: factsOf(original) };
        this.add({ ...common, normalized: normalizeSentence(original), language: a.language });
        if (a.en) this.add({ ...common, normalized: normalizeSentence(english), language: readerLanguage });
      }
      // A set from elsewhere may label text that is not a whole sentence as our splitter cuts it: match it as labelled.
      const paired = new Set(pairs.map((p) => p.original));
      const labelled = [...a.opinionSentences, ...(a.backgroundSentences ?? []), ...Object.values(a.facts ?? {}).flat()].filter(
        (s) => !paired.has(s),
      );
      for (const f of a.factFragments ?? []) {
        const key = fragmentKey(f);
        if (!this.exact.has(key) && !this.fragments.has(key))
          this.fragments.set(key, { articleId: a.id, opinion: false, background: false, facts: [], normalized: key, language: a.language });
      }
      for (const s of new Set(labelled))
        this.add({
          articleId: a.id,
          opinion: opinion.has(s),
          background: background.has(s),
          facts: factsOf(s),
          normalized: normalizeSentence(s),
          language: a.language,
        });
    }
  }

  /** One text labelled twice (a wire copy) is opinion if either label says so and states the facts of both. */
  private add(s: GoldSentence) {
    const seen = this.exact.get(s.normalized);
    if (seen) {
      seen.opinion ||= s.opinion;
      seen.background ||= s.background;
      seen.facts = [...new Set([...seen.facts, ...s.facts])];
      return;
    }
    this.exact.set(s.normalized, s);
    this.all.push(s);
  }

  /**
   * The labelled sentence `text` is, else the fact fragment it is (exactly, whatever punctuation ends it), else the
   * longest labelled sentence it is part of or contains; null when none.
   */
  find(text: string): GoldSentence | null {
    const n = normalizeSentence(text);
    const hit = this.exact.get(n);
    if (hit) return hit;
    const fragment = this.fragments.get(fragmentKey(text));
    if (fragment) return fragment;
    let best: GoldSentence | null = null;
    let bestLength = 0;
    for (const g of this.all) {
      const shorter = Math.min(g.normalized.length, n.length);
      if (shorter < MIN_FRAGMENT || shorter <= bestLength) continue;
      if (g.normalized.includes(n) || n.includes(g.normalized)) {
        best = g;
        bestLength = shorter;
      }
    }
    return best;
  }

  /** The sentence judged: labels when it matches one, else the engine's language and no labels. */
  judge(text: string, engineLanguage: string): JudgedSentence & { matched: boolean } {
    const gold = this.find(text);
    const language = gold?.language ?? engineLanguage;
    return {
      text,
      language,
      quantities: [...new Set(findQuantities(text, language).map((q) => q.key))],
      facts: gold?.facts ?? [],
      opinion: gold?.opinion ?? false,
      background: gold?.background ?? false,
      matched: gold !== null,
    };
  }
}
