import { fold, gazetteerHitsInScript, gazetteerKey } from './gazetteer.js';

/**
 * What survives translation or its absence: organisations and places, quantities (power, money, shares)
 * and dates. Quantities are normalised (60 MW = 60 Megawatt = 60 МВт = 60メガワット; €1.2bn = 1,2 Mrd. Euro)
 * so two articles in different languages about one event share them.
 */
export interface Anchors {
  entities: string[];
  quantities: string[];
  dates: string[];
}

const DECIMAL_COMMA = new Set([
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'cs',
  'sk',
  'ru',
  'uk',
  'tr',
  'sv',
  'da',
  'no',
  'fi',
  'ro',
  'hu',
  'bg',
  'hr',
  'sr',
  'sl',
  'el',
  'id',
  'vi',
  'lt',
  'lv',
  'et',
  'ca',
]);

const NUMBER = /(?<![\p{Script=Latin}\p{Script=Cyrillic}\d])(\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)/gu;

const MULTIPLIERS: Array<[RegExp, number]> = [
  [
    /^\s?(billions?|bn|bln|mrd\.?|milliarden?|milliards?|mil millones|mil milhões|miliardi|miliardo|bilhões|bilhão|miljard(?:en)?|miliard(?:y|ów|a)?|mld\.?|млрд\.?|миллиард\w*|b\b)/iu,
    1e9,
  ],
  [
    /^\s?(million|millions|mn|mio\.?|millionen|millones|millón|milioni|milione|milhões|milhão|miljoen|miljoner|millió|milion(?:y|ów)?|mln\.?|млн\.?|миллион\w*|m\b)/iu,
    1e6,
  ],
  [/^\s?(thousand|tausend|mille|mil\b|тыс\.?)/iu, 1e3],
  [/^\s?(億|亿)/u, 1e8],
  [/^\s?(万)/u, 1e4],
];

const POWER: Array<[RegExp, number]> = [
  [/^\s?-?(gw|gigawatts?|gigavatios?|gigawatt|гвт|ギガワット|吉瓦|기가와트)/iu, 1000],
  [/^\s?-?(mw|mwe|megawatts?|mégawatts?|megavatios?|megawatt|megawatów|мвт|мегаватт\w*|メガワット|兆瓦|메가와트|ميغاواط)/iu, 1],
  [/^\s?-?(kw|kilowatts?|квт|キロワット|千瓦)\b/iu, 0.001],
];

const CURRENCY_AFTER: Array<[RegExp, string]> = [
  [/^\s?(eur|euros?|евро|ユーロ|欧元|유로|يورو)/iu, 'eur'],
  [/^\s?(usd|us-dollar|dollars?|dólares|dollari|dolarów|долл\w*|ドル|美元|달러|دولار)/iu, 'usd'],
  [/^\s?(gbp|pounds?|pfund|livres sterling|libras)/iu, 'gbp'],
  [/^\s?(jpy|yen|円)/iu, 'jpy'],
  [/^\s?(cny|yuan|rmb|元)/iu, 'cny'],
  [/^\s?(krw|원)/iu, 'krw'],
  [/^\s?(inr|rupees?|crore)/iu, 'inr'],
  [/^\s?(zł|pln|złotych)/iu, 'pln'],
  [/^\s?(sek|nok|dkk|kronor|kroner)/iu, 'sek'],
  [/^\s?(brl|reais)/iu, 'brl'],
  [/^\s?(chf|franken)/iu, 'chf'],
];

const CURRENCY_BEFORE: Array<[RegExp, string]> = [
  [/(€|eur)\s?$/iu, 'eur'],
  [/(us\$|\$|usd)\s?$/iu, 'usd'],
  [/(£|gbp)\s?$/iu, 'gbp'],
  [/(¥|jpy)\s?$/iu, 'jpy'],
  [/(r\$)\s?$/iu, 'brl'],
  [/(₹|rs\.?)\s?$/iu, 'inr'],
  [/(₩)\s?$/iu, 'krw'],
];

const PERCENT = /^\s?(%|％|per ?cent|prozent|pour ?cent|por ?ciento|per cento|procent|процент\w*)/iu;

export function extractAnchors(text: string, language: string): Anchors {
  return {
    entities: [...extractEntities(text, language)].sort(),
    quantities: [...extractQuantities(text, language)].sort(),
    dates: [...extractDates(text)].sort(),
  };
}

export function extractQuantities(text: string, language: string): Set<string> {
  return new Set(findQuantities(text, language).map((q) => q.key));
}

/** Each quantity with its normalised key and the words that state it ("€500 million", "60 MW"). */
export function findQuantities(text: string, language: string): Array<{ key: string; raw: string }> {
  const out: Array<{ key: string; raw: string }> = [];
  const commaDecimal = DECIMAL_COMMA.has(language);
  for (const match of text.matchAll(NUMBER)) {
    const raw = match[1]!;
    const start = match.index!;
    const after = text.slice(start + raw.length, start + raw.length + 24);
    const before = text.slice(Math.max(0, start - 4), start);
    // Most numbers in news are bare counts or dates: one combined test rules them out before the detailed ones.
    if (!ANY_UNIT_AFTER.test(after) && !ANY_CURRENCY_BEFORE.test(before)) continue;
    const found = quantityAt(raw, after, before, commaDecimal);
    if (found) out.push(found);
  }
  return out;
}

/** A number is a quantity only if a multiplier, unit, currency or percent sign follows, or a currency sign precedes it. */
const ANY_UNIT_AFTER = new RegExp(
  `^\\s?-?(?:${[...MULTIPLIERS, ...POWER, ...CURRENCY_AFTER, [PERCENT]].map(([re]) => (re as RegExp).source.replace(/^\^\\s\?(?:-\?)?/, '')).join('|')})`,
  'iu',
);
const ANY_CURRENCY_BEFORE = new RegExp(`(?:${CURRENCY_BEFORE.map(([re]) => re.source).join('|')})`, 'iu');

function quantityAt(raw: string, after: string, before: string, commaDecimal: boolean): { key: string; raw: string } | null {
  let value = parseNumber(raw, commaDecimal);
  if (!Number.isFinite(value)) return null;
  let rest = after;
  for (const [re, factor] of MULTIPLIERS) {
    const m = re.exec(rest);
    if (m) {
      value *= factor;
      // "millions d'euros", "millones de euros", "milioni di euro": the connector belongs to the amount.
      rest = rest
        .slice(m[0].length)
        .replace(/^[\p{Script=Latin}\p{Script=Cyrillic}]*\.?/u, '')
        .replace(/^\s?(?:d['’]|de |di |do |da |av )/iu, ' ');
      break;
    }
  }
  for (const [re, factor] of POWER) if (re.test(rest)) return { key: `mw:${round(value * factor)}`, raw: stated(raw, after, rest, re, '') };
  for (const [re, code] of CURRENCY_AFTER)
    if (re.test(rest)) return { key: `${code}:${round(value)}`, raw: stated(raw, after, rest, re, '') };
  for (const [re, code] of CURRENCY_BEFORE) {
    if (re.test(before))
      return { key: `${code}:${round(value)}`, raw: stated(raw, after, rest, null, SIGN_BEFORE.exec(before)?.[0] ?? '') };
  }
  if (PERCENT.test(after)) return { key: `pct:${round(value)}`, raw: stated(raw, after, rest, PERCENT, '') };
  return null;
}

const SIGN_BEFORE = /[€$£¥₹₩]\s?$|us\$\s?$|r\$\s?$/iu;

/** The words of the text that state the quantity: sign, number, multiplier and unit. */
function stated(raw: string, after: string, rest: string, unit: RegExp | null, prefix: string): string {
  const unitText = unit ? (unit.exec(rest)?.[0] ?? '') : '';
  return `${prefix}${raw}${after.slice(0, after.length - rest.length)}${unitText}`.replace(/\s+/g, ' ').trim();
}

function parseNumber(raw: string, commaDecimal: boolean): number {
  const compact = raw.replace(/[\u00a0\u202f ]/g, '');
  const single = /^(\d+)[.,](\d+)$/.exec(compact);
  // One separator not followed by exactly three digits can only be a decimal point: "1.2", "1,25".
  if (single && single[2]!.length !== 3) return Number(`${single[1]}.${single[2]}`);
  const groups = commaDecimal ? /\./g : /,/g;
  const decimal = commaDecimal ? ',' : '.';
  // "1.000" in German is a thousand, "1,5" one and a half; the other way round in English.
  const cleaned = compact.replace(groups, '').replace(decimal, '.');
  return Number(cleaned);
}

/** Three significant digits: 1.2 billion and 1,199 million are the same money. */
function round(value: number): string {
  if (value === 0) return '0';
  return String(Number(value.toPrecision(3)));
}

const YEAR = /(?<!\d)(20[1-4]\d)(?!\d)/g;

export function extractDates(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(YEAR)) out.add(m[1]!);
  return out;
}

/**
 * Capitalised words and acronyms that are not sentence-initial function words, plus the gazetteer's
 * names in any script. German capitalises every noun, so there only acronyms, CamelCase brands and
 * gazetteer names count.
 */
export function extractEntities(text: string, language: string): Set<string> {
  const out = new Set<string>(gazetteerHitsInScript(text));
  const nounsCapitalised = language === 'de' || language === 'lb';
  const caseless = CASELESS.has(language);
  for (const sentence of text.split(/(?<=[.!?。！？])\s+|\n+/u)) {
    const words = sentence.match(WORD) ?? [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const key = gazetteerKey(word);
      if (key) {
        out.add(key);
        continue;
      }
      if (!/^\p{Lu}/u.test(word)) continue;
      const acronym = /^[\p{Lu}\d&.-]{2,}$/u.test(word) && /\p{Lu}.*\p{Lu}/u.test(word);
      const camel = /^\p{Lu}+\p{Ll}+\p{Lu}/u.test(word) || /^\p{Ll}+\p{Lu}/u.test(word);
      if (acronym || camel) {
        if (!COMMON.has(fold(word))) out.add(fold(word));
        continue;
      }
      if (caseless && /^\p{Script=Latin}/u.test(word) && word.length >= 3) {
        if (!COMMON.has(fold(word))) out.add(fold(word));
        continue;
      }
      if (nounsCapitalised || i === 0 || word.length < 3) continue;
      const folded = fold(word);
      if (!COMMON.has(folded)) out.add(folded);
    }
  }
  return out;
}

/** Words are runs of one script, so "Equinixは" yields "Equinix". */
const WORD =
  /[\p{Script=Latin}\d][\p{Script=Latin}\d&'’.-]*[\p{Script=Latin}\d]|\p{Script=Latin}|[\p{Script=Cyrillic}][\p{Script=Cyrillic}\d-]*|[\p{Script=Greek}]+/gu;

/** Languages whose own script has no capitals: a Latin word in them is almost always a name. */
const CASELESS = new Set(['ja', 'zh', 'ko', 'th', 'ar', 'he', 'fa', 'hi', 'bn', 'ur', 'ta', 'te', 'mr', 'gu', 'ka', 'am']);

/** Capitalised words that name no one: units, currencies, months, days, generic industry words. */
const COMMON = new Set(
  (
    'mw gw kw mwh gwh twh eur usd gbp jpy ceo cfo cto ai it ia ki esg pue ups hvac co2 q1 q2 q3 q4 ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday euro euros dollar dollars cloud data center centre ' +
    'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre ' +
    'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre ' +
    'gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre janeiro fevereiro marco maio junho julho setembro outubro dezembro ' +
    'us мвт гвт квт цод млн млрд ес сша internet web group grupo gruppe groupe inc ltd llc gmbh ag sa spa bv plc corp co company'
  ).split(' '),
);

/** A capitalised word that names no one (unit, currency, month, generic industry word), given folded. */
export function isCommonWord(folded: string): boolean {
  return COMMON.has(folded);
}

export function emptyAnchors(): Anchors {
  return { entities: [], quantities: [], dates: [] };
}
