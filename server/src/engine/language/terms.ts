import { readFileSync } from 'node:fs';

import { localeDataLanguage } from './base-language.js';
import { dropMarks, lowerCompatible } from './fold.js';

/**
 * The content words of a headline and lead, as match keys (`t:<key>`): what two reports of one event in one
 * language share beyond names and figures ("incendie", "strasbourg", "화재", "판교"). Clustering weighs each by
 * how few open stories carry it (cluster.ts), so a word of every story ("data", "center") tells nothing.
 * - Words of scripts written with spaces: folded (lower case, no accents), function words of the language and
 *   of English dropped (stopwords.json, from the stopwords-iso lists), kept from four letters, cut to their first
 *   six letters so that inflections meet ("investissement"/"investissements", "Rechenzentrum"/"Rechenzentren").
 * - Korean: the word without its trailing particle (화재로, 화재가 -> 화재).
 * - Chinese and Japanese (Han, katakana) and Thai: character bigrams of each run.
 */
export function headlineTerms(title: string, text: string, language: string): string[] {
  const stop = stopwordsOf(language);
  const lead = text.slice(0, LEAD_CHARS);
  const out = new Set<string>();
  const folded = lowerCompatible(`${title}\n${lead}`);
  for (const word of folded.match(WORD) ?? []) {
    if (/^\p{N}+$/u.test(word)) continue;
    if (UNSPACED.test(word)) {
      for (const run of word.match(UNSPACED_RUN) ?? []) {
        for (let i = 0; i + 2 <= run.length; i++) {
          const bigram = run.slice(i, i + 2);
          if (!stop.has(bigram)) out.add(`t:${bigram}`);
        }
      }
      continue;
    }
    if (HANGUL.test(word)) {
      const stem = word.replace(KOREAN_PARTICLE, '');
      if ([...stem].length >= 2 && !stop.has(stem)) out.add(`t:${stem}`);
      continue;
    }
    const plain = dropMarks(word);
    if ([...plain].length < MIN_LETTERS || stop.has(plain) || stop.has(word)) continue;
    out.add(`t:${[...plain].slice(0, STEM_LETTERS).join('')}`);
    if (out.size >= MAX_TERMS) break;
  }
  return [...out].slice(0, MAX_TERMS).sort();
}

/** How much of the text after the headline is its lead. */
const LEAD_CHARS = 320;
const MIN_LETTERS = 4;
const STEM_LETTERS = 6;
const MAX_TERMS = 48;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const UNSPACED = /[\p{Script=Han}\p{Script=Katakana}\p{Script=Thai}]/u;
const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Katakana}ー\p{Script=Thai}]+/gu;
const HANGUL = /\p{Script=Hangul}/u;
/** A particle joined to the end of a Korean word (은, 에서, 으로 ...). */
export const KOREAN_PARTICLE =
  /(?:에서는|에서|으로|로는|에는|까지|부터|에게|처럼|보다|이다|했다|한다|하는|하고|은|는|이|가|을|를|의|에|로|와|과|도|만)$/u;

export const STOPWORDS_FILE = new URL('./stopwords.json', import.meta.url);

let lists: Record<string, string[]> | null = null;
const sets = new Map<string, Set<string>>();

/** The function words of a language, with English's (headlines everywhere borrow them). */
export function stopwordsOf(language: string): Set<string> {
  const base = localeDataLanguage(language);
  let set = sets.get(base);
  if (!set) {
    lists ??= JSON.parse(readFileSync(STOPWORDS_FILE, 'utf8')) as Record<string, string[]>;
    set = new Set([...(lists[base] ?? []), ...(lists.en ?? [])]);
    sets.set(base, set);
  }
  return set;
}
