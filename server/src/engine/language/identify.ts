import { createRequire } from 'node:module';
import type * as Tinyld from 'tinyld';
import { baseLanguage } from './base-language.js';

/**
 * tinyld, loaded on first use: its language profiles cost about 30 MB of memory (8 MB of heap), and most texts
 * never need it (the declared language is confirmed by its script or function words first). docs/decisions/515.
 */
let tinyld: typeof Tinyld | undefined;
const detectAll: typeof Tinyld.detectAll = (...args) =>
  (tinyld ??= createRequire(import.meta.url)('tinyld') as typeof Tinyld).detectAll(...args);

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
  // Kana are Japanese only: a "Chinese" text with a fair share of them is Japanese, whatever the model says.
  if (declaredBase === 'zh' && countOf(sample, KANA) / Math.max(1, countOf(sample, LETTER)) >= 0.1)
    return { language: 'ja', detected: true };
  if (confirmsDeclared(sample.slice(0, 600), declaredBase)) return { language: declaredBase, detected: true };
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

/**
 * Restricting the guess to the languages the product covers removes absurd answers on short
 * mixed-script headlines (an English headline full of brand names is otherwise often taken for Kirundi).
 */
export const CANDIDATES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'cs',
  'sk',
  'hu',
  'ro',
  'bg',
  'el',
  'ru',
  'uk',
  'tr',
  'ar',
  'he',
  'fa',
  'hi',
  'bn',
  'ja',
  'zh',
  'ko',
  'th',
  'vi',
  'id',
  'ms',
  'sv',
  'da',
  'no',
  'fi',
  'et',
  'lv',
  'lt',
  'hr',
  'sr',
  'sl',
  'ca',
  'tl',
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

/**
 * Languages recognised by a script of their own (or, for Chinese, Han without kana). Global regexes are
 * only ever used through `countOf` (String#match resets lastIndex); `test` on a global regex would keep
 * lastIndex between calls and look at the next text from the wrong position.
 */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const LETTER = /\p{L}/gu;
const SCRIPTS: Record<string, RegExp> = {
  ja: KANA,
  ko: /\p{Script=Hangul}/gu,
  th: /\p{Script=Thai}/gu,
  el: /\p{Script=Greek}/gu,
  he: /\p{Script=Hebrew}/gu,
  hi: /\p{Script=Devanagari}/gu,
  bn: /\p{Script=Bengali}/gu,
  zh: /\p{Script=Han}/gu,
};

function countOf(text: string, re: RegExp): number {
  return (text.match(re) ?? []).length;
}

/** Frequent function words: a text full of its feed's own are in that language, no model needed. */
export const FUNCTION_WORDS: Record<string, Set<string>> = Object.fromEntries(
  Object.entries({
    en: 'the and of to in is for with that on said has will by from its was are this at',
    de: 'der die das und ist nicht mit ein eine den dem von für auf sich auch wird bei zu im',
    fr: 'le la les et des est une pour dans du sur qui par pas au avec ce sont été aux',
    es: 'el la los las y del que en por con una para es se su al lo como más según',
    it: 'il di che la per con una del della non sono gli alla nel è ha dei delle anche come',
    pt: 'o os da do das dos que em para com uma não é na no ao pelo pela mais foi',
    nl: 'de het een en van is dat op voor met zijn niet ook bij naar wordt die aan om er',
    pl: 'i w z na się nie do że jest to o od za po jak przez oraz dla są co',
    sv: 'och att det som en är för med av på den till har inte om ett de vid sig från',
    da: 'og at det er en til på med for af som den har ikke de et om fra ved sig',
    no: 'og at det er en til på med for av som den har ikke de et om fra ved seg',
    ru: 'и в не на что с по это из как для к о от а за также был он до',
    uk: 'і в не на що з та до як для це від у за є який про також але вже',
  }).map(([lang, words]) => [lang, new Set(words.split(' '))]),
);

/**
 * The cheap path, taken for most items: the declared language is confirmed by its script, or by its
 * function words making up a sixth of the text. Only what this cannot confirm goes to the model
 * (about a millisecond per item, which at 10,000 items a pass is most of an ingest).
 */
export function confirmsDeclared(sample: string, declared: string): boolean {
  const letters = countOf(sample, LETTER);
  if (!letters) return false;
  const script = SCRIPTS[declared];
  if (script) {
    if (declared === 'zh' && countOf(sample, KANA) > 0) return false;
    return countOf(sample, script) / letters >= 0.3;
  }
  const words = FUNCTION_WORDS[declared];
  if (!words) return false;
  const tokens = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (tokens.length < 12) return false;
  const hits = tokens.filter((t) => words.has(t)).length;
  return hits >= 3 && hits / tokens.length >= 1 / 6;
}
