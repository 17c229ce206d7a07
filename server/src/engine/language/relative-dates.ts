import { readFileSync } from 'node:fs';
import { localeDataLanguage } from './base-language.js';
import { fold } from './fold.js';
import { dateWords } from './locale-data.js';
import { asciiDigits } from './numerals.js';

/**
 * Dates a text states relative to its publication day, which `extractDateKeys` (absolute dates) does not give:
 * "next month", "내년", "来月" (relative-dates.json, by language), and a month named without a day or a year
 * ("em fevereiro", "by end-June", "bulan Oktober", "1월", "tháng 10"): later in the publication's year, or in the next
 * year when the text says "next year"; only in a sentence that speaks of the future and of nothing past. Keys as `extractDateKeys` writes them: a
 * month `2026-02`, a year `2027`. `thisYear`: the text dates something later in the publication's own year.
 */
export interface RelativeDates {
  months: string[];
  years: string[];
  thisYear: boolean;
}

interface Phrases {
  nextMonth: string[];
  nextYear: string[];
  thisYear: string[];
  /** Words that put a month named alone in the past ("since October", "지난해 10월"). */
  past: string[];
  /** Words that put it ahead ("will open in October", "10월 예정"). */
  future: string[];
}

const FILE = new URL('./relative-dates.json', import.meta.url);
let table: Map<string, Phrases> | undefined;

function phrasesOf(language: string): Phrases | undefined {
  if (!table) {
    const file = JSON.parse(readFileSync(FILE, 'utf8')) as { languages: Record<string, Phrases> };
    table = new Map(
      Object.entries(file.languages).map(([lang, p]) => [
        lang,
        {
          nextMonth: p.nextMonth.map(fold),
          nextYear: p.nextYear.map(fold),
          thisYear: p.thisYear.map(fold),
          past: p.past.map(fold),
          future: p.future.map(fold),
        },
      ]),
    );
  }
  return table.get(language);
}

/** Scripts written without spaces between words: a phrase is found anywhere. */
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function says(folded: string, phrase: string): boolean {
  if (UNSPACED.test(phrase)) return folded.includes(phrase);
  let at = folded.indexOf(phrase);
  while (at >= 0) {
    const before = folded[at - 1];
    const after = folded[at + phrase.length];
    if ((!before || !/[\p{L}\p{N}]/u.test(before)) && (!after || !/[\p{L}\p{N}]/u.test(after))) return true;
    at = folded.indexOf(phrase, at + 1);
  }
  return false;
}

/** A month numbered in Korean, Japanese or Chinese (1월, 10月) without a day after it, or in Vietnamese (tháng 10). */
const NUMBERED_MONTH = /(?<!\d)(1[0-2]|0?[1-9])\s?[월月](?!\s?\d{1,2}\s?[일日])|(?<!ngày \d{1,2} )tháng (1[0-2]|0?[1-9])(?![\d/])/giu;

export function relativeDates(text: string, language: string, publishedAt: Date): RelativeDates {
  const lang = localeDataLanguage(language);
  const folded = fold(text);
  const year = publishedAt.getUTCFullYear();
  const month = publishedAt.getUTCMonth() + 1;
  const out: RelativeDates = { months: [], years: [], thisYear: false };
  const phrases = phrasesOf(lang);
  const nextYear = Boolean(phrases?.nextYear.some((p) => says(folded, p)));
  if (phrases?.nextMonth.some((p) => says(folded, p))) out.months.push(monthKey(year, month + 1));
  if (nextYear) out.years.push(String(year + 1));
  if (phrases?.thisYear.some((p) => says(folded, p))) {
    out.thisYear = true;
    out.years.push(String(year));
  }
  // A month named alone is ahead only in a sentence that says so and speaks of nothing past ("opened in October" is
  // last October's, published in May).
  if (!nextYear && (!phrases?.future.some((p) => says(folded, p)) || phrases.past.some((p) => says(folded, p)))) return out;
  const named = new Set<number>();
  for (const [name, n] of dateWords(lang).months) {
    // Full names only ("mar" is the sea in Spanish); English "may" is a verb unless written with its capital.
    if (name.length < 4 && !(name === 'may' && /\bMay\b/.test(text))) continue;
    if (says(folded, fold(name))) named.add(n);
  }
  for (const m of asciiDigits(text).matchAll(NUMBERED_MONTH)) named.add(Number(m[1] ?? m[2]));
  for (const n of named) {
    if (nextYear) out.months.push(monthKey(year + 1, n));
    // A month later in the year is ahead; an earlier one is most often past ("opened in March").
    else if (n > month) out.months.push(monthKey(year, n));
  }
  return out;
}

function monthKey(year: number, month: number): string {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  return `${y}-${String(m).padStart(2, '0')}`;
}
