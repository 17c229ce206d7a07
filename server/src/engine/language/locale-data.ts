import { readFileSync } from 'node:fs';
import { fold } from './fold.js';
import { localeDataLanguage } from './base-language.js';

/**
 * Words of dates and amounts in the catalog's languages, read from the ICU data that ships with Node (Intl)
 * rather than typed in by hand: month names in their standalone and in-date forms (Polish "listopad" and
 * "23 listopada", Russian "ноябрь" and "23 ноября", Finnish "marraskuu" and "23. marraskuuta"), weekday names,
 * and the words of large numbers in every plural form (Millionen, milioni, миллионов, miljoonaa, 億, 억, करोड़).
 * Each table is built the first time a language is met.
 *
 * The tables of the languages the catalog and language identification know are what the builders below
 * (`dateWordsFromIcu`, `numberWordsFromIcu`, `singularNumberWordsFromIcu`, `nowruzFromIcu`) compute, stored in
 * locale-data.json (`npm run language:locale-data -w server` writes it; a test checks that it is still ICU's). Asking
 * ICU at run time made the process touch its formatters' code and data: about 6 MB of the node binary's pages
 * resident in every pass (decision 532). A language the file does not hold is still asked of ICU.
 */

/** Languages whose words inflect at the end (cases, possessives): names and months are matched by their stem too. */
export const INFLECTING = new Set([
  'pl',
  'cs',
  'sk',
  'ru',
  'uk',
  'bg',
  'sr',
  'hr',
  'sl',
  'fi',
  'et',
  'hu',
  'lt',
  'lv',
  'tr',
  'el',
  'ro',
  'sv',
]);

/**
 * Languages that add case endings to a weekday ("tiistaina", "kedden", "i tisdags", "antradienį"): weekdays
 * are matched by their stem. Slavic weekdays are not (Russian "сред" would read "среди", "among"): their one
 * inflected form in dates, the accusative, is listed instead.
 */
const AGGLUTINATIVE = new Set(['fi', 'et', 'hu', 'lt', 'lv', 'tr', 'sv']);
const SLAVIC_ACCUSATIVE: Record<string, Array<[string, string]>> = {
  ru: [['а', 'у']],
  uk: [
    ['а', 'у'],
    ['я', 'ю'],
  ],
  bg: [],
  sr: [['а', 'у']],
  hr: [
    ['ja', 'ju'],
    ['a', 'u'],
  ],
  cs: [
    ['a', 'u'],
    ['e', 'i'],
  ],
  sk: [['a', 'u']],
  sl: [['a', 'o']],
  pl: [['a', 'ę']],
};

/** ICU locales whose month names a language's text may use (Levantine and Maghreb Arabic names, Serbian in both scripts). */
const DATE_LOCALES: Record<string, string[]> = {
  ar: ['ar', 'ar-SY', 'ar-MA'],
  fa: ['fa-u-ca-gregory'],
  sr: ['sr', 'sr-Latn'],
  th: ['th-u-ca-gregory'],
  he: ['he'],
};

/** Scripts without spaces between words, or where dates are digits only: handled by patterns, not tables. */
const NUMERIC_MONTHS = new Set(['ja', 'zh', 'ko', 'vi']);

export interface DateWords {
  /** Folded word -> month 1-12 (exact forms: standalone, in a date, abbreviated). */
  months: Map<string, number>;
  /** [stem, month], longest first: inflected forms beyond ICU's ("listopadzie", "marraskuussa", "ноябре"). */
  monthStems: Array<[string, number]>;
  /** Folded word -> ISO weekday 1-7. */
  weekdays: Map<string, number>;
  weekdayStems: Array<[string, number]>;
  /** Weekday names in scripts without spaces, found as substrings (月曜日, 星期一, 월요일, วันจันทร์). */
  weekdaysInScript: Array<[string, number]>;
  /** Solar Hijri months (Persian), folded word -> month 1-12. */
  jalaliMonths: Map<string, number>;
}

/** A language's DateWords as locale-data.json holds them: each Map as its entries, in their order. */
export interface StoredDateWords {
  months: Array<[string, number]>;
  monthStems: Array<[string, number]>;
  weekdays: Array<[string, number]>;
  weekdayStems: Array<[string, number]>;
  weekdaysInScript: Array<[string, number]>;
  jalaliMonths: Array<[string, number]>;
}

/** The contents of locale-data.json. */
export interface LocaleData {
  /** The languages (as `localeDataLanguage` gives them) whose tables are stored, sorted. */
  languages: string[];
  dateWords: Record<string, StoredDateWords>;
  numberWords: Record<string, NumberWord[]>;
  singularNumberWords: Record<string, string[]>;
  /** The day of March of 1 Farvardin for each Solar Hijri year from `from`. */
  nowruz: { from: number; marchDays: number[] };
  /** ISO 4217 codes, as `Intl.supportedValuesOf('currency')` lists them. */
  currencies: string[];
  /** The currencies (lower case) whose names `currencyNames` holds: those the engine converts. */
  namedCurrencies: string[];
  /** Each language's names of those currencies, every form ICU writes after an amount, with their code. */
  currencyNames: Record<string, Array<[name: string, code: string]>>;
}

export const LOCALE_DATA_FILE = new URL('./locale-data.json', import.meta.url);

/** The Solar Hijri years whose Nowruz is stored (1921-2121): dates.ts reads years 1301-1499, and years near a publication. */
export const NOWRUZ_YEARS = { from: 1300, to: 1500 } as const;

let stored: LocaleData | undefined;

/** locale-data.json, read on first use. */
function storedData(): LocaleData {
  return (stored ??= JSON.parse(readFileSync(LOCALE_DATA_FILE, 'utf8')) as LocaleData);
}

/**
 * Every table of the given languages, as ICU gives them: the contents of locale-data.json. `namedCurrencies`: the
 * currencies whose names are stored (the engine's rate table, cluster/currency-rates.json).
 */
export function localeDataFromIcu(languages: string[], namedCurrencies: string[]): LocaleData {
  const langs = [...new Set(languages.map(localeDataLanguage))].sort();
  const entries = <T>(f: (lang: string) => T) => Object.fromEntries(langs.map((lang) => [lang, f(lang)]));
  const marchDays: number[] = [];
  for (let year = NOWRUZ_YEARS.from; year <= NOWRUZ_YEARS.to; year++)
    marchDays.push(Math.round((nowruzFromIcu(year) - Date.UTC(year + 621, 2, 1)) / DAY) + 1);
  return {
    languages: langs,
    dateWords: entries((lang) => {
      const w = dateWordsFromIcu(lang);
      return {
        months: [...w.months],
        monthStems: w.monthStems,
        weekdays: [...w.weekdays],
        weekdayStems: w.weekdayStems,
        weekdaysInScript: w.weekdaysInScript,
        jalaliMonths: [...w.jalaliMonths],
      };
    }),
    numberWords: entries(numberWordsFromIcu),
    singularNumberWords: entries(singularNumberWordsFromIcu),
    nowruz: { from: NOWRUZ_YEARS.from, marchDays },
    currencies: Intl.supportedValuesOf('currency'),
    namedCurrencies: [...namedCurrencies].sort(),
    currencyNames: entries((lang) => currencyNamesFromIcu(lang, namedCurrencies)),
  };
}

/**
 * A language's names of the given currencies (lower-case codes) as ICU writes them: the display name and the name
 * after an amount in each plural form ("Swedish krona", "Swedish kronor"; "Schwedische Krone", "Schwedische
 * Kronen"; "korona szwedzka", "korony szwedzkie", "koron szwedzkich"), each once, with its code. A name ICU does not
 * have in the language (it answers with the code) is left out.
 */
export function currencyNamesFromIcu(lang: string, codes: string[]): Array<[string, string]> {
  const out = new Map<string, [string, string]>();
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames(lang, { type: 'currency' });
  } catch {
    return [];
  }
  for (const code of [...codes].sort()) {
    const upper = code.toUpperCase();
    const forms = [names.of(upper)];
    for (const digits of [0, 2]) {
      const format = new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: upper,
        currencyDisplay: 'name',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        numberingSystem: 'latn',
      });
      for (const n of [1, 2, 3, 5, 11, 21, 22, 1.5])
        forms.push(
          format
            .formatToParts(n)
            .filter((p) => p.type === 'currency')
            .map((p) => p.value)
            .join('')
            .trim(),
        );
    }
    // Matched without regard to case: one form of "Swedish Krona" and "Swedish krona".
    for (const form of forms)
      if (form && form.toUpperCase() !== upper && /\p{L}/u.test(form) && !out.has(form.toLowerCase()))
        out.set(form.toLowerCase(), [form, code]);
  }
  return [...out.values()];
}

/** The names of the engine's currencies in a language (`currencyNamesFromIcu`), as stored. */
export function currencyNames(language: string): Array<[string, string]> {
  const lang = localeDataLanguage(language);
  const data = storedData();
  return data.currencyNames[lang] ?? currencyNamesFromIcu(lang, data.namedCurrencies);
}

/** ISO 4217 codes (AED, CHF, USD...), as ICU lists them. */
export function currencyCodes(): string[] {
  return storedData().currencies;
}

const dateWordsCache = new Map<string, DateWords>();

export function dateWords(language: string): DateWords {
  const lang = localeDataLanguage(language);
  let words = dateWordsCache.get(lang);
  if (!words) {
    const kept = storedData().dateWords[lang];
    words = kept
      ? {
          months: new Map(kept.months),
          monthStems: kept.monthStems,
          weekdays: new Map(kept.weekdays),
          weekdayStems: kept.weekdayStems,
          weekdaysInScript: kept.weekdaysInScript,
          jalaliMonths: new Map(kept.jalaliMonths),
        }
      : dateWordsFromIcu(lang);
    dateWordsCache.set(lang, words);
  }
  return words;
}

const DAY = 86_400_000;
const MONTH_FORMATS: Intl.DateTimeFormatOptions[] = [
  { month: 'long' },
  { month: 'long', day: 'numeric' },
  { month: 'short' },
  { month: 'short', day: 'numeric' },
];
const WEEKDAY_FORMATS: Intl.DateTimeFormatOptions[] = [{ weekday: 'long' }, { weekday: 'long', day: 'numeric', month: 'long' }];

/** A language's date words as ICU writes them (what locale-data.json stores). */
export function dateWordsFromIcu(lang: string): DateWords {
  const months = new Map<string, number>();
  const weekdays = new Map<string, number>();
  // Stems come from each locale's own long forms: English ones, another script's or abbreviations would shorten them.
  const monthStems: Array<[string, number]> = [];
  const weekdayStems: Array<[string, number]> = [];
  const add = (map: Map<string, number>, forms: Map<number, Set<string>> | null, word: string, n: number) => {
    const w = fold(word.replace(/^de\s+|^d['’]/u, '').replace(/\.$/, '')).trim();
    if (!w || /\d/.test(w)) return;
    if (!map.has(w)) map.set(w, n);
    if (forms) (forms.get(n) ?? forms.set(n, new Set()).get(n)!).add(w);
  };
  const locales = [...new Set(['en', ...(NUMERIC_MONTHS.has(lang) ? [] : (DATE_LOCALES[lang] ?? [lang]))])];
  for (const locale of locales) {
    const formats = new Map<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>();
    const part = (options: Intl.DateTimeFormatOptions, date: Date, type: 'month' | 'weekday') => {
      let format = formats.get(options);
      if (!format) formats.set(options, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
      return format
        .formatToParts(date)
        .filter((p) => p.type === type)
        .map((p) => p.value)
        .join('');
    };
    const own = locale !== 'en' || lang === 'en';
    const monthForms = new Map<number, Set<string>>();
    const weekdayForms = new Map<number, Set<string>>();
    for (let m = 0; m < 12; m++) {
      const date = new Date(Date.UTC(2026, m, 15));
      for (const options of [
        { month: 'long' },
        { month: 'long', day: 'numeric' },
        { month: 'short' },
        { month: 'short', day: 'numeric' },
      ] as const) {
        const word = part(options, date, 'month');
        // Abbreviations shorter than three letters ("mä", "ב'") name nothing reliably.
        if ([...word.replace(/\.$/, '')].length >= 3) add(months, own && options.month === 'long' ? monthForms : null, word, m + 1);
      }
    }
    for (let d = 0; d < 7; d++) {
      const date = new Date(Date.UTC(2026, 10, 23) + d * DAY); // 2026-11-23 is a Monday
      for (const options of WEEKDAY_FORMATS) add(weekdays, own ? weekdayForms : null, part(options, date, 'weekday'), d + 1);
    }
    if (INFLECTING.has(lang)) monthStems.push(...stems(monthForms));
    if (AGGLUTINATIVE.has(lang)) weekdayStems.push(...stems(weekdayForms));
    // "On Wednesday" takes the accusative in Slavic languages: в среду, w środę, ve středu, u srijedu, v sredo.
    const accusative = SLAVIC_ACCUSATIVE[lang];
    if (accusative && own)
      for (const [n, set] of weekdayForms)
        for (const w of set)
          for (const [ending, replacement] of accusative)
            if (w.endsWith(ending)) add(weekdays, null, w.slice(0, -ending.length) + replacement, n);
  }
  const inScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
  const weekdaysInScript: Array<[string, number]> = [];
  if (NUMERIC_MONTHS.has(lang) || lang === 'th') {
    const locale = lang === 'zh' ? 'zh' : lang;
    for (let d = 0; d < 7; d++) {
      const date = new Date(Date.UTC(2026, 10, 23) + d * DAY);
      const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
      const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date);
      for (const w of [long, short, ...(lang === 'zh' ? [long.replace('星期', '周'), long.replace('星期', '週')] : [])])
        if (inScript.test(w) && [...w].length >= 2) weekdaysInScript.push([w, d + 1]);
    }
  }
  return {
    months,
    monthStems: monthStems.sort((a, b) => b[0].length - a[0].length),
    weekdays,
    // A weekday stem that starts a month's name is no weekday (Romanian "marți" and "martie").
    weekdayStems: weekdayStems
      .filter(([stem]) => ![...months.keys()].some((w) => w.startsWith(stem)))
      .sort((a, b) => b[0].length - a[0].length),
    weekdaysInScript: weekdaysInScript.sort((a, b) => b[0].length - a[0].length),
    jalaliMonths: lang === 'fa' ? jalaliMonthNames() : new Map(),
  };
}

/**
 * The stem shared by a word's forms (listopad/listopada -> listopad; ноябрь/ноября -> нояб), or the form
 * without its last vowel when there is one form (środa -> środ, to meet "środę"). Stems shorter than four
 * letters are too loose to keep.
 */
function stems(forms: Map<number, Set<string>>): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const shorter: Array<[string, number]> = [];
  for (const [n, set] of forms) {
    const words = [...set].filter((w) => !/\s/.test(w) && [...w].length >= 4);
    if (words.length === 0) continue;
    let stem = words.reduce((a, b) => commonPrefix(a, b));
    // One form, or forms that all start with the shortest: drop its ending (a vowel, or -s of Baltic and Greek nominatives).
    if (words.length === 1 || set.has(stem)) stem = stem.replace(/(?:[aeiouyαεηιουω]?[sς]|[aeiouyаеиоуыяюэіїєαεηιουω])$/u, '');
    if ([...stem].length < 4) continue;
    out.push([stem, n]);
    // A vowel that drops when the word inflects (Estonian november -> novembril, Serbian новембар -> новембра):
    // the stem without its last two letters, when it is still long and no other word shares it.
    const short = stem.slice(0, -2);
    if ([...short].length >= 5) shorter.push([short, n]);
  }
  const shared = (stem: string, n: number) => [...out, ...shorter].some(([other, m]) => m !== n && other.startsWith(stem));
  return [...out, ...shorter.filter(([stem, n]) => !shared(stem, n))].sort((a, b) => b[0].length - a[0].length);
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** The month of a word, by its exact form or, for inflecting languages, its stem plus at most four letters. */
export function monthOf(word: string, words: DateWords): number | undefined {
  const exact = words.months.get(word);
  if (exact !== undefined) return exact;
  for (const [stem, n] of words.monthStems) if (word.startsWith(stem) && word.length - stem.length <= 4) return n;
  return undefined;
}

export function weekdayOf(word: string, words: DateWords): number | undefined {
  const exact = words.weekdays.get(word);
  if (exact !== undefined) return exact;
  if (words.months.has(word)) return undefined;
  for (const [stem, n] of words.weekdayStems) if (word.startsWith(stem) && word.length - stem.length <= 4) return n;
  return undefined;
}

/** Month names of the Solar Hijri calendar (فروردین ... اسفند) as ICU writes them for Persian. */
function jalaliMonthNames(): Map<string, number> {
  const names = new Map<string, number>();
  const format = new Intl.DateTimeFormat('fa-u-ca-persian-nu-latn', { month: 'long', timeZone: 'UTC' });
  const number = new Intl.DateTimeFormat('fa-u-ca-persian-nu-latn', { month: 'numeric', timeZone: 'UTC' });
  for (let d = 0; d < 366; d += 10) {
    const date = new Date(Date.UTC(2026, 0, 1) + d * DAY);
    names.set(fold(format.format(date)), Number(number.format(date)));
  }
  return names;
}

const nowruzCache = new Map<number, number>();

/** The Gregorian day (UTC midnight, ms) of 1 Farvardin of a Solar Hijri year, as ICU's Persian calendar says. */
export function nowruzFromIcu(year: number): number {
  const parts = new Intl.DateTimeFormat('fa-u-ca-persian-nu-latn', { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  for (const candidate of [19, 20, 21, 22]) {
    const t = Date.UTC(year + 621, 2, candidate);
    const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    if (p.month === '1' && p.day === '1') return t;
  }
  return Date.UTC(year + 621, 2, 21);
}

/** The Gregorian day (UTC midnight, ms) of a Solar Hijri date: 1 Farvardin falls on 20 or 21 March, as ICU says. */
export function jalaliToGregorian(year: number, month: number, day: number): Date {
  let nowruz = nowruzCache.get(year);
  if (nowruz === undefined) {
    const { from, marchDays } = storedData().nowruz;
    const marchDay = Number.isInteger(year) ? marchDays[year - from] : undefined;
    nowruz = marchDay === undefined ? nowruzFromIcu(year) : Date.UTC(year + 621, 2, marchDay);
    nowruzCache.set(year, nowruz);
  }
  const offset = (month <= 6 ? (month - 1) * 31 : 186 + (month - 7) * 30) + day - 1;
  return new Date(nowruz + offset * DAY);
}

/** A word of a large number and the power of ten it stands for. */
export type NumberWord = [word: string, factor: number];

const numberWordCache = new Map<string, NumberWord[]>();

/**
 * The words of large numbers in a language, every plural form ICU knows (1, 2, 5, 11, 21, 22 and 1.5 of each
 * power), each with its factor: German "Millionen" 1e6, Polish "miliardów" 1e9, Japanese "億" 1e8, Hindi
 * "करोड़" 1e7. English's are always included: they are the words wire copy borrows.
 */
export function numberWords(language: string): NumberWord[] {
  const lang = localeDataLanguage(language);
  let words = numberWordCache.get(lang);
  if (!words) numberWordCache.set(lang, (words = storedData().numberWords[lang] ?? numberWordsFromIcu(lang)));
  return words;
}

/** A language's words of large numbers as ICU writes them (what locale-data.json stores). */
export function numberWordsFromIcu(lang: string): NumberWord[] {
  const found = new Map<string, number>();
  for (const locale of new Set([lang, 'en'])) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay: 'long', numberingSystem: 'latn' });
    } catch {
      continue;
    }
    for (const power of [3, 4, 5, 6, 7, 8, 9, 12])
      for (const times of [1, 2, 3, 5, 11, 21, 22, 1.5]) {
        const n = times * 10 ** power;
        const parts = format.formatToParts(n);
        const word = parts
          .filter((p) => p.type === 'compact')
          .map((p) => p.value)
          .join('')
          .trim()
          .toLowerCase();
        const shown = Number(
          parts
            .filter((p) => p.type === 'integer' || p.type === 'fraction' || p.type === 'decimal')
            .map((p) => (p.type === 'decimal' ? '.' : p.value))
            .join('') || '1',
        );
        if (!word || !shown) continue;
        const factor = 10 ** Math.round(Math.log10(n / shown));
        // An English "thousand" in a text of another language is rarer than a clash with one of its words.
        if (locale === 'en' && lang !== 'en' && factor < 1e6) continue;
        // Texts are matched as written: the word as ICU spells it, and without its accents.
        for (const form of [word, fold(word)]) if (!found.has(form)) found.set(form, factor);
      }
  }
  return [...found].sort((a, b) => b[0].length - a[0].length);
}

/** The words for one million, one billion and one trillion ("Million", "milliard", "miljardi", "миллиард"). */
export function singularNumberWords(language: string): string[] {
  const lang = localeDataLanguage(language);
  return storedData().singularNumberWords[lang] ?? singularNumberWordsFromIcu(lang);
}

/** A language's words for one million, one billion and one trillion as ICU writes them (what locale-data.json stores). */
export function singularNumberWordsFromIcu(lang: string): string[] {
  try {
    const format = new Intl.NumberFormat(lang, { notation: 'compact', compactDisplay: 'long', numberingSystem: 'latn' });
    return [
      ...new Set(
        [1e6, 1e9, 1e12]
          .map((n) =>
            format
              .formatToParts(n)
              .filter((p) => p.type === 'compact')
              .map((p) => p.value)
              .join('')
              .trim()
              .toLowerCase(),
          )
          // A word of two letters or more, marks included (Vietnamese "tỷ", Hindi "लाख"); not a CJK myriad sign.
          .filter((w) => /\p{L}[\p{L}\p{M}]+/u.test(w)),
      ),
    ];
  } catch {
    return [];
  }
}
