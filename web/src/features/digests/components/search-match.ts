import type { Digest } from '@dcbrief/shared';

/** The words of a search as the server reads them (digests.service.ts searchTerms): lower-cased, no LIKE wildcards. */
export function searchTerms(query: string): string[] {
  const words = query
    .toLowerCase()
    .replace(/[%_\\]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

export interface SearchMatch {
  /** The sentence (or story title) that holds the most words of the search. */
  text: string;
  storyTitle: string;
}

const EXCERPT_MAX = 220;

/**
 * The sentence of a found digest that best shows why it matched: the story title, fact or key figure that
 * holds the most words of the search, first one on a tie. Null when only the digest's title or a source
 * name matched (the card already shows the title).
 */
export function findSearchMatch(digest: Digest, terms: string[]): SearchMatch | null {
  let best: SearchMatch | null = null;
  let bestScore = 0;
  for (const story of digest.stories) {
    for (const text of [story.title, ...story.summary.map((s) => s.text), ...story.keyFigures]) {
      const lower = text.toLowerCase();
      const score = terms.filter((term) => lower.includes(term)).length;
      if (score > bestScore) {
        best = { text, storyTitle: story.title };
        bestScore = score;
      }
    }
  }
  return best ? { ...best, text: excerpt(best.text, terms) } : null;
}

/** A long sentence cut to a window that starts a little before its first matching word. */
function excerpt(text: string, terms: string[]): string {
  if (text.length <= EXCERPT_MAX) return text;
  const lower = text.toLowerCase();
  const first = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0));
  const start = first > 60 ? text.lastIndexOf(' ', first - 40) + 1 : 0;
  const end = Math.min(text.length, start + EXCERPT_MAX);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trimEnd()}${end < text.length ? '…' : ''}`;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** `text` cut into plain and matching parts (any search word, any case), for <mark> without raw HTML. */
export function splitOnTerms(text: string, terms: string[]): TextPart[] {
  const words = [...terms].filter(Boolean).sort((a, b) => b.length - a.length);
  if (words.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return text
    .split(pattern)
    .map((part, i) => ({ text: part, match: i % 2 === 1 }))
    .filter((part) => part.text.length > 0);
}
