import { CURRENCIES, READ_AS_WORDS, SCALES, TERMS, TIERS, UNITS } from './lexicon.js';

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0 to 9,999 in words ("forty-two", "one thousand two hundred five"). */
export function cardinal(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${cardinal(n % 100)}` : ''}`;
  return `${cardinal(Math.floor(n / 1000))} thousand${n % 1000 ? ` ${cardinal(n % 1000)}` : ''}`;
}

/** A year as it is said: 1998 "nineteen ninety-eight", 2005 "two thousand five", 2026 "twenty twenty-six". */
export function yearWords(year: number): string {
  if (year >= 2000 && year < 2010) return cardinal(year);
  const hi = Math.floor(year / 100);
  const lo = year % 100;
  return `${cardinal(hi)} ${lo === 0 ? 'hundred' : lo < 10 ? `oh ${ONES[lo]}` : cardinal(lo)}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (keys: string[]) =>
  keys
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const unitPattern = new RegExp(String.raw`(?<![\w.])(${NUMBER})(?:\s?|-)(${alternatives(Object.keys(UNITS))})(?![\w²])`, 'g');
const scalePattern = alternatives(Object.keys(SCALES));
const currencyCodes = Object.keys(CURRENCIES);
const currencyBefore = new RegExp(
  String.raw`(?<![\w])(${alternatives(currencyCodes)})\s?(${NUMBER})(?:\s?(${scalePattern}))?(?![\w])`,
  'g',
);
const currencyAfter = new RegExp(
  String.raw`(?<![\w.])(${NUMBER})(?:\s?(${scalePattern}))?\s(${alternatives(currencyCodes.filter((c) => /^[A-Z]{3}$/.test(c)))})(?![\w])`,
  'g',
);
const termPattern = new RegExp(String.raw`(?<![\w&])(${alternatives(Object.keys(TERMS))})(?![\w&])`, 'g');

/** One figure and what follows it, singular only for exactly one. */
const plural = (amount: string, forms: [string, string], scaled = false) => (amount === '1' && !scaled ? forms[0] : forms[1]);

/**
 * Text as a synthesiser should say it: the field's units, money, redundancy and tier names, years,
 * percentages, CVE ids and acronyms written out (lexicon.ts), nothing added or left out. Digits other than
 * years stay digits: every engine reads "40" and "1.5" right, and not every engine reads words of numbers
 * with the same stress.
 */
export function normaliseForSpeech(input: string): string {
  let text = input
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"');
  // Thousands separators: "1,200 MW" is 1200 megawatts.
  text = text.replace(/(?<=\d),(?=\d{3}(?!\d))/g, '');
  // CVE-2024-3094: the year as said, the number digit by digit.
  text = text.replace(
    /\bCVE-(\d{4})-(\d{4,7})\b/g,
    (_, year: string, num: string) => `C V E ${yearWords(Number(year))}, ${[...num].join(' ')}`,
  );
  // Money: "EUR 850 million", "€1.2bn", "$40m", "850 million EUR".
  text = text.replace(currencyBefore, (_, code: string, amount: string, scale?: string) => money(amount, scale, code));
  text = text.replace(currencyAfter, (_, amount: string, scale: string | undefined, code: string) => money(amount, scale, code));
  // Redundancy: 2N+1, 2N, N+1, N+2, N-1.
  text = text.replace(/\b2N\s?\+\s?1\b/g, 'two N plus one');
  text = text.replace(/\b2N\b/g, 'two N');
  text = text.replace(
    /\bN\s?([+-])\s?(\d)\b/g,
    (_, sign: string, n: string) => `N ${sign === '+' ? 'plus' : 'minus'} ${cardinal(Number(n))}`,
  );
  // Uptime tiers: Tier III, Tier 3.
  text = text.replace(/\bTier[\s-](IV|III|II|I|[1-4])\b/gi, (_, t: string) => `Tier ${cardinal(TIERS[t.toUpperCase()] ?? Number(t))}`);
  // Units after a figure.
  text = text.replace(unitPattern, (_, amount: string, unit: string, at: number, all: string) => {
    const forms = UNITS[unit]!;
    return `${amount} ${attributive(all.slice(at + _.length)) ? forms[0] : plural(amount, forms)}`;
  });
  // Percentages and percentage points.
  text = text.replace(/(\d)\s?%/g, '$1 percent');
  text = text.replace(/(\d)\s?pp\b/g, '$1 percentage points');
  // Quarters: "Q3 2026".
  text = text.replace(/\bQ([1-4])\b/g, (_, q: string) => `Q ${cardinal(Number(q))}`);
  // Years 1900-2099 standing alone (not part of an amount, a decimal or an id, not counting something).
  // A figure followed by a noun it counts ("2000 racks") is not a year.
  text = text.replace(/(?<![\d.,$€£-])\b(19\d{2}|20\d{2})\b(?![.,]\d|-\d)/g, (y: string, _y: string, at: number, all: string) =>
    attributive(all.slice(at + y.length)) ? y : yearWords(Number(y)),
  );
  // Decades: "the 2020s".
  text = text.replace(
    /\b(19|20)(\d)0s\b/g,
    (_, c: string, d: string) => `${cardinal(Number(c))} ${d === '0' ? 'hundreds' : `${TENS[Number(d)]!.replace(/y$/, 'ies')}`}`,
  );
  // The lexicon's terms, then any other short all-capital word spelled out (unknown acronyms).
  text = text.replace(termPattern, (t: string) => TERMS[t]!);
  text = text.replace(/\b([A-Z]{2,4})(s?)\b/g, (whole: string, caps: string, s: string) =>
    READ_AS_WORDS.has(caps) ? whole : [...caps].join(' ') + (s ? `'s` : ''),
  );
  text = text.replace(/\s*&\s*/g, ' and ').replace(/~\s?(?=\d)/g, 'about ');
  return text.replace(/\s+/g, ' ').trim();
}

/** Words after which a figure with its unit is a quantity ("40 megawatts of"), not a modifier ("a 40 megawatt campus"). */
const AFTER_QUANTITY = new Set(
  'of in at to for and or by from with per on over under across than is are was were will would has have had each a an the this that which its their as into'.split(
    ' ',
  ),
);

/** "a 40 MW campus": a unit followed by a noun it describes is said in the singular. */
function attributive(rest: string): boolean {
  if (/^-[a-z]/i.test(rest)) return true;
  const next = /^\s+([A-Za-z]+)/.exec(rest)?.[1];
  return !!next && /^[a-z]/.test(next) && !AFTER_QUANTITY.has(next);
}

function money(amount: string, scale: string | undefined, code: string): string {
  const words = scale ? SCALES[scale] : undefined;
  const forms = CURRENCIES[code]!;
  return `${amount}${words ? ` ${words}` : ''} ${plural(amount, forms, !!words)}`;
}
