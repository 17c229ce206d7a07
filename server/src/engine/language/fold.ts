/**
 * Folding: the one place where the engine makes two spellings of a word compare equal. Every fold lower-cases;
 * they differ in what they do to marks (accents, vowel signs) and to the few letters that Unicode does not
 * decompose. The differences are deliberate: the fitted models (cluster/pair-model.json,
 * classify/interest-model.json, summarize/sentence-model.json) were fitted on these outputs, so a fold is chosen
 * by name, never changed in place.
 *
 * | Fold | Marks | Letters NFKD keeps (ł ø ß ı ...) | Apostrophes | Read by |
 * |---|---|---|---|---|
 * | `fold` | dropped (NFKD) | kept | kept | gazetteer, dates, locale data, normalize, summaries' word lists |
 * | `foldLetters` | dropped (NFKD) | ł đ ø æ ß œ ı þ ð ħ spelled out | kept | names and their keys |
 * | `foldKeepingVowelMarks` | dropped, but a Devanagari, Bengali, Thai or kana letter keeps its own | kept | kept | the field lexicon (lexicon/matcher.ts) |
 * | `foldStrip` | dropped (NFKD) | ł đ ø ß ı æ œ ħ spelled out, final ς as σ, Arabic letter variants unified | ’ ʼ ‘ as ', ZWNJ dropped | opinion cue lists with `"fold": "strip"` |
 * | `foldKeep` | kept (NFKC: full-width and half-width forms unified) | kept | ’ ʼ ‘ as ', ZWNJ dropped | opinion cue lists with `"fold": "keep"` |
 * | `lowerCompatible` | kept (NFKC) | kept | kept | MinHash shingles, headline terms (before `dropMarks` per word) |
 */

const ASCII = /^[\x00-\x7f]*$/;

/** The text without combining marks, after compatibility decomposition (NFKD): é -> e, ﬁ -> fi; case unchanged. */
export function dropMarks(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** Lower case after compatibility composition (NFKC): full-width and half-width forms unified, marks kept. */
export function lowerCompatible(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

const foldCache = new Map<string, string>();

/**
 * Lower case without diacritics (ü -> u, é -> e) so spellings with and without accents meet. The engine's
 * default fold. Words repeat: cached, words only (titles and phrases seldom repeat: with texts of up to 64
 * characters and 50,000 entries the cache held 3 MB of titles at the ingest pass's peak).
 */
export function fold(text: string): string {
  if (text.length > 24) return foldNow(text);
  let out = foldCache.get(text);
  if (out === undefined) {
    if (foldCache.size > 20_000) foldCache.clear();
    out = foldNow(text);
    foldCache.set(text, out);
  }
  return out;
}

function foldNow(text: string): string {
  // ASCII needs no decomposition.
  return ASCII.test(text) ? text.toLowerCase() : dropMarks(text).toLowerCase();
}

const NAME_LETTERS: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', æ: 'ae', ß: 'ss', œ: 'oe', ı: 'i', þ: 'th', ð: 'd', ħ: 'h' };

/**
 * Names' fold: lower case without accents, and the letters that have no accent to drop (ł, đ, ø, ß, ı) spelled
 * out, so "Łódź" meets "Lodz" and "Øresund" meets "Oresund". Lower-cases before it decomposes (`fold` after).
 */
export function foldLetters(text: string): string {
  const lower = text.toLowerCase();
  const plain = ASCII.test(lower) ? lower : dropMarks(lower);
  return /[łđøæßœıþðħ]/.test(plain) ? plain.replace(/[łđøæßœıþðħ]/g, (c) => NAME_LETTERS[c]!) : plain;
}

// Marks that are vowels or tones of their letter (Devanagari, Bengali, Thai) or kana voicing stay: folding
// them away would merge words (Bengali সৌর "solar" would read as the start of সরকার "government").
const KEEPS_MARKS = /[\u0900-\u09ff\u0e00-\u0e7f\u3040-\u30ff]/;
const BASE_AND_MARKS = /(\P{M})(\p{M}+)/gu;

/** `fold`, keeping the marks that are letters in their script (a Devanagari, Bengali, Thai or kana letter's own). */
export function foldKeepingVowelMarks(text: string): string {
  if (!KEEPS_MARKS.test(text)) return fold(text);
  return text
    .normalize('NFKD')
    .replace(BASE_AND_MARKS, (all: string, base: string) => (KEEPS_MARKS.test(base) ? all : base))
    .toLowerCase();
}

/** Letters that NFKD does not decompose but that writers and keyboards drop or swap (ł -> l, ı -> i, ß -> ss). */
const CUE_LETTERS: Record<string, string> = {
  ł: 'l', đ: 'd', ø: 'o', ß: 'ss', ı: 'i', æ: 'ae', œ: 'oe', ς: 'σ', ħ: 'h',
  // Arabic script: alef maqsura, Persian yeh and keheh, teh marbuta written as heh, tatweel, zero-width non-joiner.
  ى: 'ي', ی: 'ي', ک: 'ك', ة: 'ه', 'ـ': '', '\u200c': '',
  '’': "'", 'ʼ': "'", '‘': "'",
}; // prettier-ignore
const CUE_LETTER = new RegExp(`[${Object.keys(CUE_LETTERS).join('')}]`, 'g');

/** Lower case, no diacritics (NFKD minus combining marks), the letters above mapped: the cue lists' "strip". */
export function foldStrip(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return dropMarks(text)
    .toLowerCase()
    .replace(CUE_LETTER, (ch) => CUE_LETTERS[ch]!);
}

/** Lower case, compatibility forms unified (full-width Latin, half-width kana), every mark kept: the cue lists' "keep". */
export function foldKeep(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return lowerCompatible(text).replace(/[’ʼ‘\u200c]/g, (ch) => (ch === '\u200c' ? '' : "'"));
}
