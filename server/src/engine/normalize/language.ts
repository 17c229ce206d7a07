import { detectAll } from 'tinyld';

/**
 * The language of a text as a BCP 47 primary subtag. tinyld knows 62 languages and is built for short
 * texts; its guess is kept only when it is confident and the text long enough, otherwise the source's
 * declared language stands (a feed's language is right far more often than a guess on a headline).
 */
export function identifyLanguage(text: string, declared: string): { language: string; detected: boolean } {
  const declaredBase = baseLanguage(declared);
  const sample = text.slice(0, 2000);
  // A Han, kana, Hangul or Thai character carries about as much as a Latin word: count it three times.
  const dense = (sample.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu) ?? []).length;
  const length = sample.replace(/\s+/g, '').length + 2 * dense;
  if (length < 24) return { language: declaredBase, detected: false };
  const guesses = detectAll(sample, { only: CANDIDATES });
  const best = guesses[0];
  if (!best) return { language: declaredBase, detected: false };
  if (best.lang === declaredBase) return { language: declaredBase, detected: true };
  // Close pairs a short text cannot tell apart reliably: trust the feed.
  const close = CLOSE_PAIRS.some(([a, b]) => (a === best.lang && b === declaredBase) || (b === best.lang && a === declaredBase));
  if (close) return { language: declaredBase, detected: false };
  const declaredScore = guesses.find((g) => g.lang === declaredBase)?.accuracy ?? 0;
  if (best.accuracy >= 0.5 && best.accuracy - declaredScore > 0.2 && length >= 40) return { language: best.lang, detected: true };
  return { language: declaredBase, detected: false };
}

export function baseLanguage(tag: string): string {
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? 'und';
  return base === 'nb' || base === 'nn' ? 'no' : base;
}

/**
 * Restricting the guess to the languages the product covers removes absurd answers on short
 * mixed-script headlines (an English headline full of brand names is otherwise often taken for Kirundi).
 */
export const CANDIDATES = [
  'en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'cs', 'sk', 'hu', 'ro', 'bg', 'el', 'ru', 'uk', 'tr', 'ar', 'he', 'fa',
  'hi', 'bn', 'ja', 'zh', 'ko', 'th', 'vi', 'id', 'ms', 'sv', 'da', 'no', 'fi', 'et', 'lv', 'lt', 'hr', 'sr', 'sl', 'ca', 'tl',
];

const CLOSE_PAIRS: Array<[string, string]> = [
  ['no', 'da'],
  ['sv', 'no'],
  ['sv', 'da'],
  ['cs', 'sk'],
  ['hr', 'sr'],
  ['bs', 'hr'],
  ['bs', 'sr'],
  ['ms', 'id'],
  ['pt', 'gl'],
  ['es', 'gl'],
  ['zh', 'ja'],
];
