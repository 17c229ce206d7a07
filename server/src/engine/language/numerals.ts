/**
 * Digits of every script the catalog publishes in, read as ASCII digits: Arabic-Indic (٠-٩), Persian (۰-۹),
 * Devanagari, Bengali, Thai and full-width (０-９), with the Arabic decimal and thousands separators (٫ ٬) and
 * percent signs (٪ ％). One character becomes one character, so an offset in the result is an offset in the text.
 */
const OTHER_DIGITS = /[\u0660-\u066c\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\uff05\uff10-\uff19]/g;
const ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0xff10];
const SIGNS: Record<string, string> = { '\u066a': '%', '\u066b': '.', '\u066c': ',', '\uff05': '%' };

export function asciiDigits(text: string): string {
  return text.replace(OTHER_DIGITS, (c) => {
    const sign = SIGNS[c];
    if (sign) return sign;
    const code = c.charCodeAt(0);
    for (const zero of ZEROS) if (code >= zero && code <= zero + 9) return String(code - zero);
    return c;
  });
}

const KANJI_DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const KANJI_TENS: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 千: 1000, 천: 1000 };
const BIG_UNITS: Record<string, number> = { 兆: 1e12, 조: 1e12, 億: 1e8, 亿: 1e8, 억: 1e8, 万: 1e4, 萬: 1e4, 만: 1e4 };

/** Characters of a number written with Chinese numerals (一 to 九, 十, 百, 千). */
export const KANJI_NUMBER = '〇零一二两兩三四五六七八九十拾百千';

/** "二十三" = 23, "三千" = 3000, "十一" = 11; null when the text is not such a number. */
export function kanjiNumber(text: string): number | null {
  let total = 0;
  let digit: number | null = null;
  for (const c of text) {
    if (c in KANJI_DIGITS) {
      // Positional writing without tens ("二〇二六") reads digit after digit.
      digit = digit !== null ? digit * 10 + KANJI_DIGITS[c]! : KANJI_DIGITS[c]!;
    } else if (c in KANJI_TENS) {
      total += (digit ?? 1) * KANJI_TENS[c]!;
      digit = null;
    } else return null;
  }
  return total + (digit ?? 0);
}

/**
 * An amount written with the East Asian myriad units, in digits or numerals: "8億5000万" = 850,000,000,
 * "29億" = 2,900,000,000, "五亿" = 500,000,000, "1조 2000억" = 1,200,000,000,000. Commas group thousands.
 */
export function cjkAmount(text: string): number | null {
  let total = 0;
  let section = '';
  for (const c of text.replace(/\s+/g, '')) {
    const unit = BIG_UNITS[c];
    if (unit === undefined) {
      section += c;
      continue;
    }
    const value = sectionValue(section);
    if (value === null) return null;
    total += value * unit;
    section = '';
  }
  if (section) {
    const rest = sectionValue(section);
    if (rest === null) return null;
    total += rest;
  }
  return total;
}

function sectionValue(section: string): number | null {
  if (!section) return 1;
  if (/^\d[\d,]*(?:\.\d+)?$/.test(section)) return Number(section.replace(/,/g, ''));
  // "3千" (3000) and "5천" mix a digit with a numeral of tens.
  const mixed = /^(\d+(?:\.\d+)?)([千천百])$/.exec(section);
  if (mixed) return Number(mixed[1]) * KANJI_TENS[mixed[2]!]!;
  return kanjiNumber(section);
}
