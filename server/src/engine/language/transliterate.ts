import { dropMarks } from './fold.js';

/**
 * Cyrillic and Greek names in Latin letters, by each language's standard romanisation, so a name written in
 * both alphabets meets itself: Russian by BGN/PCGN (Ростелеком -> rostelekom, Яндекс -> yandeks), Ukrainian
 * by its national system of 2010 (Київ -> kyiv), Bulgarian by its Streamlined System (София -> sofia), Serbian
 * by its own Latin alphabet (Крагујевац -> kragujevac), Greek by ELOT 743 (Αθήνα -> athina). Input is one
 * word; output is lower case.
 */

const RUSSIAN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Letters of the other Cyrillic alphabets, for words of a language without its own table here.
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ј: 'j',
  ђ: 'dj',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
};

const UKRAINIAN: Record<string, string> = { ...RUSSIAN, г: 'h', и: 'y', і: 'i', ї: 'i', й: 'i', є: 'ie', ю: 'iu', я: 'ia', щ: 'shch' };
/** At the start of a word the Ukrainian system writes these with a y. */
const UKRAINIAN_INITIAL: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };
const BULGARIAN: Record<string, string> = { ...RUSSIAN, х: 'h', щ: 'sht', ъ: 'a', ь: 'y' };
const SERBIAN: Record<string, string> = {
  ...RUSSIAN,
  х: 'h',
  ц: 'c',
  ч: 'č',
  ш: 'š',
  ж: 'ž',
  ђ: 'đ',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'ć',
  џ: 'dž',
};

const GREEK_PAIRS: Array<[string, string]> = [
  ['ου', 'ou'],
  ['αι', 'ai'],
  ['ει', 'ei'],
  ['οι', 'oi'],
  ['αυ', 'av'],
  ['ευ', 'ev'],
  ['ηυ', 'iv'],
  ['μπ', 'mp'],
  ['ντ', 'nt'],
  ['γκ', 'gk'],
  ['γγ', 'ng'],
  ['γξ', 'nx'],
  ['γχ', 'nch'],
];
const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const CYRILLIC = /\p{Script=Cyrillic}/u;
const GREEK_SCRIPT = /\p{Script=Greek}/u;

export function toLatin(word: string, language: string): string {
  const lower = word.toLowerCase();
  if (CYRILLIC.test(lower)) {
    const table = language === 'uk' ? UKRAINIAN : language === 'bg' ? BULGARIAN : language === 'sr' ? SERBIAN : RUSSIAN;
    let out = '';
    for (let i = 0; i < lower.length; i++) {
      const c = lower[i]!;
      const initial = language === 'uk' && (i === 0 || !CYRILLIC.test(lower[i - 1]!)) ? UKRAINIAN_INITIAL[c] : undefined;
      out += initial ?? table[c] ?? c;
    }
    return out;
  }
  if (GREEK_SCRIPT.test(lower)) {
    let s = dropMarks(lower);
    for (const [pair, latin] of GREEK_PAIRS) s = s.split(pair).join(latin);
    return [...s].map((c) => GREEK[c] ?? c).join('');
  }
  return lower;
}
