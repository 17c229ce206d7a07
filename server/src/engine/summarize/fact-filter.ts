import { extractEntities } from '../language/anchors.js';
import { cuesFor } from './opinion-cues.js';

export type Rejection =
  'question' | 'exclamation' | 'quote' | 'first-person' | 'opinion' | 'speculation' | 'marketing' | 'length' | 'no-fact';

export interface SentenceVerdict {
  keep: boolean;
  reason?: Rejection;
  /** Which word or phrase decided it, for the operator and the tests. */
  marker?: string;
}

/**
 * Marks a sentence cannot carry and be a fact. Questions in every script: ? and its full-width, small and
 * vertical forms, Spanish ¿, Arabic and Persian ؟, Armenian ՞, Ethiopic ፧, the interrobangs; Greek writes
 * its question mark as ";" (U+037E folds to it), checked for Greek only, where ";" is never a semicolon (·).
 */
const QUESTION = /[?？﹖︖¿؟՞፧⁇⁈⁉‽❓❔]/u;
const EXCLAMATION = /[!！﹗︕¡‼❗❕]/u;
/** Brand names written with "!" are not exclamations. */
const BANG_NAMES = /\b(?:Yahoo|Jeopardy)!/g;

/**
 * Quoted voice. A quoted span is a quotation when it is long enough to say something (4 words or more, or
 * 12 characters in a script without spaces), when it opens with a lower-case letter (a scare quote: called
 * the plan "reckless"), or when it runs past the sentence (the quote goes on in the next one). A short
 * capitalised span is a name: «Яндекс», „Projekt Phoenix“, 「AWS Outposts」, "Stargate".
 */
const OPENERS: Record<string, string> = {
  '“': '”',
  '„': '“”',
  '«': '»',
  '»': '«»',
  '‹': '›',
  '「': '」',
  '『': '』',
  '〝': '〞〟',
  '"': '"',
  '＂': '＂',
};
const QUOTE_CHAR = /["“”„«»‹›「」『』〝〞〟＂]/u;
const CLOSERS = '”»›」』〞〟';

/** Scans left to right: each opening mark takes the first closing mark of its kind (German „…“, French «…», Danish »…«, Swedish ”…”). */
function hasQuotation(text: string, unspaced: boolean): boolean {
  if (!QUOTE_CHAR.test(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    // Swedish and Finnish open and close with the same mark: ”…” (a ” before a word, after a space, opens).
    const close = OPENERS[ch] ?? (ch === '”' && /^[\s(]?$/u.test(text[i - 1] ?? '') && /\S/u.test(text[i + 1] ?? '') ? '”' : undefined);
    if (close === undefined) {
      // A closing mark with no opening one ends a quotation that began in the previous sentence.
      if (CLOSERS.includes(ch)) return quoteSpeaks(text.slice(0, i), unspaced, true);
      continue;
    }
    // A straight quote after a letter is a Hebrew acronym (ארה"ב, מנכ"ל) or an inch mark, not a quote.
    if (ch === '"' && i > 0 && /[\p{L}\p{N}]/u.test(text[i - 1]!)) continue;
    let end = i + 1;
    while (end < text.length && !(close.includes(text[end]!) && !(ch === '"' && /\p{L}/u.test(text[end + 1] ?? '')))) end++;
    if (end >= text.length) return quoteSpeaks(text.slice(i + 1), unspaced, true);
    if (quoteSpeaks(text.slice(i + 1, end), unspaced, false)) return true;
    i = end;
  }
  return false;
}

function quoteSpeaks(span: string, unspaced: boolean, open: boolean): boolean {
  const inner = span.trim();
  if (!inner) return false;
  const words = inner.split(/\s+/).length;
  const chars = [...inner.replace(/\s+/g, '')].length;
  if (words >= 4 || (unspaced && chars >= 12)) return true;
  if (open) return words >= 3 || (unspaced && chars >= 6);
  return /^\p{Ll}/u.test(inner);
}

/** Scripts without spaces between words: length in characters, quotes measured in characters. */
const UNSPACED = new Set(['ja', 'zh', 'th', 'ko']);

/**
 * Keeps a sentence only if it states a fact: no question, no exclamation, no quoted voice, no first person,
 * no opinion, speculation or marketing cue of its language (opinion-cues/<language>.json, looked up by the
 * tag's primary subtag: pt-BR reads pt, zh-TW zh, nb no), and at least one checkable anchor (a number, a
 * name, a date). A language without a cue file is still judged on punctuation, quotes, anchors and the
 * English marketing phrases that trade press quotes in every language.
 */
export function judgeSentence(sentence: string, language: string): SentenceVerdict {
  const text = sentence.trim();
  const cues = cuesFor(language);
  const lang = cues.language;
  if (QUESTION.test(text) || (lang === 'el' && /[;\u037e]/u.test(text))) return { keep: false, reason: 'question', marker: '?' };
  if (EXCLAMATION.test(text.replace(BANG_NAMES, ''))) return { keep: false, reason: 'exclamation', marker: '!' };
  const unspaced = UNSPACED.has(lang);
  if (hasQuotation(text, unspaced)) return { keep: false, reason: 'quote', marker: 'quotation' };
  const units = unspaced ? [...text.replace(/\s+/g, '')].length / 2 : text.split(/\s+/).length;
  if (units < 6 || units > 70) return { keep: false, reason: 'length' };
  const folded = cues.fold(text);
  if (cues.questionEnding?.test(folded)) return { keep: false, reason: 'question', marker: '?' };
  const hit = cues.find(text, folded);
  if (hit) return { keep: false, reason: hit.reason, marker: hit.marker };
  // A fact names someone or something, or counts: a number (in any script's digits), or a name that is
  // not a generic acronym ("AI").
  if (!/\p{Nd}/u.test(text) && extractEntities(text, lang).size === 0) {
    return { keep: false, reason: 'no-fact' };
  }
  return { keep: true };
}
