import { fold } from './fold.js';
import { dateWords, jalaliToGregorian, monthOf, weekdayOf, type DateWords } from './locale-data.js';
import { localeDataLanguage } from './base-language.js';
import { asciiDigits, KANJI_NUMBER, kanjiNumber } from './numerals.js';

/**
 * Dates as keys that any language states the same way:
 * - a year: `2027`;
 * - a day of a month: `--11-23` (ISO 8601 without a year), whether written "23 November", "November 23rd",
 *   "23. listopadu", "23 ноября", "marraskuun 23.", "11月23日", "11월 23일", "ngày 23 tháng 11", "23/11/2026",
 *   "24.11.2026", "۲ آذر ۱۴۰۵" (Solar Hijri) or "23 พฤศจิกายน 2569" (Buddhist era);
 * - a month of a year: `2026-11`;
 * - a weekday: `wd:1` (Monday) to `wd:7`, which within the 72 hours of a story names one day.
 */
export function extractDateKeys(text: string, language = 'en', reference?: Date): Set<string> {
  const lang = localeDataLanguage(language);
  const t = asciiDigits(text);
  const out = new Set<string>();
  const words = dateWords(lang);
  const f = fold(t);
  const named = patterns(lang, words).any.test(f);
  if (HAS_DIGIT.test(t)) {
    for (const m of t.matchAll(YEAR)) out.add(m[1]!);
    if (lang === 'th') for (const m of t.matchAll(BUDDHIST_YEAR)) out.add(String(Number(m[1]) - 543));
    if (NUMERIC_DATE_HINT.test(t)) numericDates(t, lang, out);
    if (lang === 'vi') vietnameseDates(t, out);
    if (named) namedDates(f, lang, words, out, reference);
  }
  // Chinese may write a date in numerals alone (十一月二十三日).
  if (CJK_DATE_HINT.test(t)) cjkDates(t, out);
  if (named) weekdays(f, words, out, lang);
  else for (const [name, n] of words.weekdaysInScript) if (f.includes(fold(name))) out.add(`wd:${n}`);
  return out;
}

/** The years a text names (2010-2049), in any digits: what `extractDates` has always given. */
export function extractDates(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of asciiDigits(text).matchAll(YEAR)) out.add(m[1]!);
  return out;
}

const HAS_DIGIT = /\d/;
const NUMERIC_DATE_HINT = /\d[-./]\s?\d/;

/** Adds a day of a month (and its year and month, when known). */
function addDay(out: Set<string>, month: number, d: number, year?: number): void {
  if (month < 1 || month > 12 || d < 1 || d > 31) return;
  out.add(`--${pad(month)}-${pad(d)}`);
  if (year) {
    out.add(String(year));
    out.add(`${year}-${pad(month)}`);
  }
}

const YEAR = /(?<!\d)(20[1-4]\d)(?!\d)/g;
const BUDDHIST_YEAR = /(?<!\d)(25[5-8]\d)(?!\d)/g;
const pad = (n: number) => String(n).padStart(2, '0');
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Languages that write the day first in 23.11. and 23/11. */
const DAY_FIRST_DOTS = new Set('de cs sk pl fi et lv lt hr sr sl hu nb da sv ru uk bg tr ro'.split(' '));

function numericDates(t: string, lang: string, out: Set<string>) {
  // 2026-11-23, 2026/11/23, 2026. 11. 23.
  for (const m of t.matchAll(/(?<!\d)(20[1-4]\d)([-/.])\s?(\d{1,2})\2\s?(\d{1,2})(?!\d)/g))
    addDay(out, Number(m[3]), Number(m[4]), Number(m[1]));
  // 23.11.2026, 23/11/2026, 11/23/2026 (English: the day is whichever number cannot be a month; else unsure).
  for (const m of t.matchAll(/(?<![\d.,/])(\d{1,2})([./-])(\d{1,2})\2(20[1-4]\d|\d{2})(?![\d.,]\d)/g)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const year = fullYear(m[4]!);
    if (lang !== 'en') addDay(out, b, a, year);
    else if (a > 12) addDay(out, b, a, year);
    else if (b > 12) addDay(out, a, b, year);
  }
  // 24.11. with its closing dot, where dates are written so.
  if (DAY_FIRST_DOTS.has(lang))
    for (const m of t.matchAll(/(?<![\d.,])(\d{1,2})\.(\d{1,2})\.(?!\d)/g)) addDay(out, Number(m[2]), Number(m[1]));
}

const CJK_DATE_HINT = /[月월]/;
const CJK_NUMBER = `\\d{1,2}|[${KANJI_NUMBER}]{1,3}`;
const CJK_DAY = new RegExp(`(?:(\\d{4})\\s?[年년]\\s?)?(${CJK_NUMBER})\\s?[月월]\\s?(${CJK_NUMBER})\\s?[日号號일]`, 'gu');
const CJK_MONTH = new RegExp(`(\\d{4})\\s?[年년]\\s?(${CJK_NUMBER})\\s?[月월](?!\\s?(?:${CJK_NUMBER})\\s?[日号號일])`, 'gu');

const cjkNumber = (s: string) => (/^\d/.test(s) ? Number(s) : (kanjiNumber(s) ?? 0));

function cjkDates(t: string, out: Set<string>) {
  for (const m of t.matchAll(CJK_DAY)) addDay(out, cjkNumber(m[2]!), cjkNumber(m[3]!), m[1] ? Number(m[1]) : undefined);
  for (const m of t.matchAll(CJK_MONTH)) {
    const month = cjkNumber(m[2]!);
    if (month >= 1 && month <= 12) out.add(`${m[1]}-${pad(month)}`);
  }
}

/** "ngày 23 tháng 11 năm 2026", "ngày 23/11", "tháng 11/2026". */
function vietnameseDates(t: string, out: Set<string>) {
  const f = t.toLowerCase();
  for (const m of f.matchAll(/(?:ngày\s+)?(\d{1,2})\s+tháng\s+(\d{1,2})(?:\s*(?:năm|,|\/)\s*(\d{4}))?/gu))
    addDay(out, Number(m[2]), Number(m[1]), m[3] ? Number(m[3]) : undefined);
  for (const m of f.matchAll(/ngày\s+(\d{1,2})\/(\d{1,2})(?![\d/])/gu)) addDay(out, Number(m[2]), Number(m[1]));
  for (const m of f.matchAll(/tháng\s+(\d{1,2})\s*(?:năm|\/)\s*(\d{4})/gu)) {
    const month = Number(m[1]);
    if (month >= 1 && month <= 12) out.add(`${m[2]}-${pad(month)}`);
  }
}

interface DatePatterns {
  /** 23 November (2026), 23. listopadu, 23 de noviembre de 2026, 23 d'octubre, ב-23 בנובמבר. */
  dayMonth: RegExp;
  /** November 23(rd)(, 2026), november 23-án, lapkričio 23 d. */
  monthDay: RegExp;
  /** November 2026, novembre de 2026, marraskuussa 2026. */
  monthYear: RegExp;
  weekday: RegExp;
  /** Any month or weekday name at all: most sentences have none, and then one scan is enough. */
  any: RegExp;
}

const patternCache = new Map<string, DatePatterns>();

/** A language's month and weekday names (exact forms, and stems with up to four more letters) as patterns. */
function patterns(lang: string, words: DateWords): DatePatterns {
  let p = patternCache.get(lang);
  if (p) return p;
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alternatives = (exact: Iterable<string>, stems: Array<[string, number]>) =>
    [...[...exact].map(escape), ...stems.map(([stem]) => `${escape(stem)}\\p{L}{0,4}`)].sort((a, b) => b.length - a.length).join('|');
  const months = alternatives([...words.months.keys(), ...words.jalaliMonths.keys()], words.monthStems);
  const weekdays = alternatives(words.weekdays.keys(), words.weekdayStems);
  // Hebrew writes "in November" as one word (בנובמבר).
  const prefix = lang === 'he' ? '[בלמה]?' : '';
  const month = `(?<![\\p{L}\\p{M}])${prefix}(${months})(?![\\p{L}\\p{M}])`;
  p = {
    dayMonth: new RegExp(
      `(?<![\\d.,])(\\d{1,2})(?:\\.|-?(?:st|nd|rd|th|er|eme|º|ª))?\\s*(?:de\\s+|d['’]|-|ב-?)?${prefix}(${months})(?![\\p{L}\\p{M}])(?:\\.)?(?:\\s*,?\\s*(?:de\\s+|del\\s+|năm\\s+|του\\s+)?(\\d{4}))?`,
      'gu',
    ),
    monthDay: new RegExp(
      `${month}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?![\\d.,]\\d|\\d)(?:\\.|-?\\p{L}{1,3}\\.?)?(?:\\s*,?\\s*(\\d{4}))?`,
      'gu',
    ),
    monthYear: new RegExp(`${month}\\s+(?:de\\s+|del\\s+|of\\s+|του\\s+)?(20[1-4]\\d|1[34]\\d\\d|25[5-8]\\d)(?!\\d)`, 'gu'),
    weekday: new RegExp(`(?<![\\p{L}\\p{M}])${prefix}(?:${weekdays})(?![\\p{L}\\p{M}])`, 'gu'),
    any: new RegExp(`${months}|${weekdays}`, 'u'),
  };
  patternCache.set(lang, p);
  return p;
}

/** A year as written near a month: Buddhist-era years in Thai, and only years news could mean. */
function yearOf(y: string | undefined, lang: string): number | undefined {
  if (!y) return undefined;
  const n = Number(y);
  if (lang === 'th' && n > 2500) return n - 543;
  return n >= 2010 && n < 2050 ? n : undefined;
}

function monthNamed(word: string, lang: string, words: DateWords): number | undefined {
  const w = word.replace(/[.'’]+$/, '');
  return monthOf(w, words) ?? (lang === 'he' && /^[בלמה]/.test(w) ? monthOf(w.slice(1), words) : undefined);
}

function namedDates(f: string, lang: string, words: DateWords, out: Set<string>, reference?: Date) {
  const p = patterns(lang, words);
  for (const m of f.matchAll(p.dayMonth)) {
    const word = m[2]!;
    const jalali = words.jalaliMonths.get(word);
    if (jalali !== undefined) {
      jalaliDay(Number(m[1]), jalali, m[3] ? Number(m[3]) : undefined, out, reference);
      continue;
    }
    const n = monthNamed(word, lang, words);
    if (n !== undefined) addDay(out, n, Number(m[1]), yearOf(m[3], lang));
  }
  for (const m of f.matchAll(p.monthDay)) {
    const n = monthNamed(m[1]!, lang, words);
    if (n !== undefined) addDay(out, n, Number(m[2]), yearOf(m[3], lang));
  }
  for (const m of f.matchAll(p.monthYear)) {
    const n = monthNamed(m[1]!, lang, words);
    const y = yearOf(m[2], lang);
    if (n !== undefined && y) out.add(`${y}-${pad(n)}`);
  }
}

/** A Solar Hijri day; without its year, the year that puts it nearest the reference date (the publication). */
function jalaliDay(d: number, month: number, jalaliYear: number | undefined, out: Set<string>, reference?: Date) {
  if (d < 1 || d > 31) return;
  let date: Date | undefined;
  if (jalaliYear && jalaliYear > 1300 && jalaliYear < 1500) date = jalaliToGregorian(jalaliYear, month, d);
  else if (reference) {
    const y = reference.getUTCFullYear() - 621;
    date = [y - 1, y, y + 1]
      .map((candidate) => jalaliToGregorian(candidate, month, d))
      .sort((a, b) => Math.abs(a.getTime() - reference.getTime()) - Math.abs(b.getTime() - reference.getTime()))[0];
  }
  if (date) addDay(out, date.getUTCMonth() + 1, date.getUTCDate(), jalaliYear ? date.getUTCFullYear() : undefined);
}

function weekdays(f: string, words: DateWords, out: Set<string>, lang: string) {
  for (const [name, n] of words.weekdaysInScript) if (f.includes(fold(name))) out.add(`wd:${n}`);
  for (const m of f.matchAll(patterns(lang, words).weekday)) {
    const n = weekdayOf(m[0], words) ?? (lang === 'he' ? weekdayOf(m[0].slice(1), words) : undefined);
    // After a count it is a plural noun, not a day: Romanian "3 luni" are three months.
    if (n !== undefined && !/\d\s*$/.test(f.slice(Math.max(0, m.index! - 3), m.index))) out.add(`wd:${n}`);
  }
}
