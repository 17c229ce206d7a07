import { currencyCodes, currencyNames, numberWords, singularNumberWords } from './locale-data.js';
import { localeDataLanguage } from './base-language.js';
import { asciiDigits, cjkAmount, KANJI_NUMBER } from './numerals.js';

/**
 * Figures with their unit, normalised so two articles in any language state them with the same key:
 * 60 MW = 60 Megawatt = 60 МВт = 60メガワット = 0,06 GW -> `mw:60`; €850 million = 850 Millionen Euro =
 * 8億5000万ユーロ = 0,85 Mrd. € -> `eur:850000000`; 52 % = 52 Prozent = yüzde 52 -> `pct:52`;
 * 100,000 sq ft = 9,290 m² -> `m2:9300`. Numbers are read by the language and by their shape:
 * 1.000,5 and 1 000,5 and 1,000.5 are the same number.
 */
export interface FoundQuantity {
  /** Unit and value: `mw:60`, `mwh:120`, `mva:90`, `kv:380`, `m2:9300`, `eur:850000000`, `pct:52`. */
  key: string;
  /** The words of the text that state it: sign, number, multiplier and unit ("€500 million", "60 MW"). */
  raw: string;
}

/** Languages that write 1.000,5 (or 1 000,5): a comma before the decimals. Brazilian Portuguese too; Mexican Spanish not. */
const DECIMAL_COMMA = new Set('de fr es it pt nl pl cs sk ru uk tr sv da nb fi ro hu bg hr sr sl el id vi lt lv et ca'.split(' '));
const DECIMAL_POINT_REGIONS = new Set([
  'es-mx',
  'es-us',
  'es-pr',
  'es-do',
  'es-gt',
  'es-hn',
  'es-ni',
  'es-pa',
  'es-sv',
  'fr-ch',
  'de-ch',
  'it-ch',
]);
/** Languages that group thousands with a plain space (1 500); a no-break space groups them in any language. */
const SPACE_GROUPS = new Set('fr pl cs sk ru uk sv nb fi et lt lv hu bg pt'.split(' '));

export function decimalComma(language: string): boolean {
  return DECIMAL_COMMA.has(localeDataLanguage(language)) && !DECIMAL_POINT_REGIONS.has(language.toLowerCase());
}

const NUMBER_WITH_SPACES =
  /(?:(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\d.,])|(?<=(?<!\p{L})(?:[A-Z]{3}|[Rr][ps]|RM|rm)))(?:\d{1,3}(?:[.,\u00a0\u202f '’]\d{3})+(?:[.,]\d+)?|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d+(?:[.,]\d+)?)/gu;
const NUMBER =
  /(?:(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\d.,])|(?<=(?<!\p{L})(?:[A-Z]{3}|[Rr][ps]|RM|rm)))(?:\d{1,3}(?:[.,\u00a0\u202f'’]\d{3})+(?:[.,]\d+)?|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d+(?:[.,]\d+)?)/gu;

/**
 * A number as a language writes it. Both separators: the last one is the decimal sign (1.000,5; 1,000.5).
 * One separator repeated groups thousands (1.000.000; Indian 1,00,000). One separator once is a decimal sign
 * unless exactly three digits follow: then the language decides (1.000 is a thousand in German, 1,000 in English).
 */
export function parseLocaleNumber(raw: string, commaDecimal: boolean): number {
  const compact = raw.replace(/[\u00a0\u202f '’]/g, '');
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? /,/g : /\./g;
    return Number(compact.replace(group, '').replace(decimal, '.'));
  }
  const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (!sep) return Number(compact);
  const parts = compact.split(sep);
  if (parts.length > 2) return Number(parts.join(''));
  const [int, frac] = parts as [string, string];
  const isDecimal = frac.length !== 3 || /^0+$/.test(int) || (sep === ',') === commaDecimal;
  return Number(isDecimal ? `${int}.${frac}` : `${int}${frac}`);
}

/** A unit right after a number (and its multiplier), with the key it gives and the factor to that key's unit. */
type Unit = [pattern: string, key: string, factor: number];

// Endings of Latin and Cyrillic words: a unit word may carry any case ending ("megawatów", "мегаватт", "megawatin").
const W = '\\p{L}*';
const END = '(?![\\p{L}\\d])';

const UNITS: Unit[] = [
  // Energy before power, so "MWh" is not read as "MW".
  [`twh${END}|tera[- ]?wat+[- ]?(?:hours?|stunden?|ora)${W}`, 'mwh', 1e6],
  [`gwh${END}|giga[- ]?wat+[- ]?(?:hours?|stunden?|ora)${W}|гвт[·*-]?ч`, 'mwh', 1e3],
  [
    `mwh${END}|m[eé]ga[- ]?wat+[- ]?(?:hours?|heures?|stunden?|ora)${W}|мвт[·*-]?ч|мегават+[- ]час${W}|兆瓦时|兆瓦時|メガワット時|메가와트시`,
    'mwh',
    1,
  ],
  [`kwh${END}|kilo[- ]?wat+[- ]?(?:hours?|stunden?|ora)${W}|квт[·*-]?ч|千瓦时|キロワット時|킬로와트시`, 'mwh', 1e-3],
  [
    `gws?${END}|g[ií]ga[- ]?[wv]a[tț]${W}|гига?ват${W}|гвт|ギガワット|吉瓦|기가와트|غيغاواط|جيجاواط|گیگاوات|גיגה-?וואט|गीगावाट|गीगावॉट|গিগাওয়াট|กิกะวัตต์|γιγαβάτ${W}`,
    'mw',
    1000,
  ],
  [
    `mw(?:e|p|ac|dc|it|s)?${END}|m[eé]ga[- ]?[wv]a[tț]${W}|мега?ват${W}|мвт|メガワット|兆瓦|百万瓦|메가와트|ميغاواط|ميجاواط|ميجا ?وات|مگاوات|מגה-?וואט|מגוואט|मेगावाट|मेगावॉट|মেগাওয়াট|เมกะวัตต์|μεγαβάτ${W}`,
    'mw',
    1,
  ],
  [`kw${END}|kilo[- ]?[wv]a[tț]${W}|килова[тт]${W}|квт|キロワット|千瓦|킬로와트|كيلوواط|کیلووات|किलोवाट|กิโลวัตต์`, 'mw', 0.001],
  // Watts alone (a module's or a rack's draw) after the larger units.
  [`w${END}|watts?${END}|vatios?${END}|ватт?${W}|ワット|瓦(?!时)|와트`, 'mw', 1e-6],
  [`mva${END}|megavolt[- ]?amp${W}|мва${END}`, 'mva', 1],
  // Data rates (an exchange's peak, a link) as terabits per second.
  [
    `tbps${END}|tbit/s|terabits? (?:per|pro|par|por|al) (?:second|sekunde|seconde|segundo|secondo)${W}|terabit/s|テラビット毎秒|태라비트`,
    'tbps',
    1,
  ],
  [`gbps${END}|gbit/s|gigabits? (?:per|pro|par|por|al) (?:second|sekunde|seconde|segundo|secondo)${W}`, 'tbps', 1e-3],
  // Temperatures in degrees Celsius ("38 °C", "38 Grad", "38 graden", "38 градусов"); not 度, which is also a kWh in Chinese.
  [`°\\s?c(?![\\p{L}])|℃|degrees? celsius|grad(?:en|i|os)?${END}|degr[ée]s${END}|градус${W}`, 'c', 1],
  // Area: square metres, square feet, hectares and acres, all as square metres.
  [
    `m²|m2${END}|㎡|sq\\.? ?m${END}|sqm${END}|square met(?:er|re)s?|quadratmeter${W}|qm${END}|m[eè]tres? carr[ée]s?|metros? cuadrados?|metros? quadrados?|metri quadr${W}|mq${END}|metr${W} kwadratow${W}|m kw\\.|metr${W} čtverečn${W}|metrov štvorcov${W}|négyzetméter${W}|neliömetri${W}|kvadratmeter${W}|kvm${END}|vierkante meter${W}|metri pătrați|metrekare${W}|τ\\.μ\\.|τετραγωνικ${W} μέτρ${W}|mét vuông|meter persegi|кв\\.? ?м${END}|квадратн${W} метр${W}|平方メートル|平方米|平米|제곱미터|متر مربع|מ"ר|वर्ग मीटर|ตารางเมตร`,
    'm2',
    1,
  ],
  [`sq\\.? ?ft\\.?|square f(?:ee|oo)t|pieds carrés|quadratfu(?:ß|ss)`, 'm2', 0.09290304],
  [
    `ha${END}|hect[aáà]re?${W}|hektar${W}|hehtaari${W}|ettar${W}|гектар${W}|га${END}|ヘクタール|公顷|公頃|헥타르|هكتار|هکتار|הקטאר|हेक्टेयर|হেক্টর|เฮกตาร์|εκτάρι${W}|héc-ta`,
    'm2',
    1e4,
  ],
  [`acres?${END}|acri${END}|akr${W}|акр${W}|エーカー|英亩|英畝|에이커|एकड़|একর|เอเคอร์`, 'm2', 4046.8564224],
  [`kv${END}|kilovolt${W}|кв${END}`, 'kv', 1],
  [
    `%|per ?cent${END}|percent${W}|pct\\.?${END}|prozent${END}|pour ?cent|por ?ciento|por ?cento|per ?cento|percento|procent${W}|prosent${W}|protsent${W}|процент${W}|відсот${W}|százalék${W}|posto${END}|odsto${END}|одсто${END}|odstot${W}|τοις εκατό|パーセント|퍼센트|بالمئة|بالمائة|في المئة|في المائة|درصد|אחוז${W}|प्रतिशत|শতাংশ|เปอร์เซ็นต์|phần trăm|persen${END}|peratus${END}`,
    'pct',
    1,
  ],
];

/**
 * The dollar's names as words, in every catalog script ("dolar", "долларов", "डॉलर", "달러"): a country named beside
 * them names the currency, not a place (entities/recognize.ts).
 */
export const DOLLAR_WORDS = `(?:us[- ])?d[oóöō]l+[aáāe]r${W}|đô la|долл${W}\\.?|долар${W}|δολάρι${W}|ドル|米ドル|美元|美金|달러|دولار|دلار|דולר|डॉलर|ডলার|ดอลลาร์`;

/** Currencies named after the amount; the more specific first (Taiwan dollars before dollars). */
const CURRENCIES_AFTER: Array<[pattern: string, code: string]> = [
  [`nt\\$|twd${END}|taiwan(?:ese)? dollars?|新台幣|新台币|台幣|台湾ドル|台灣ドル|대만\\s?달러`, 'twd'],
  [`hk\\$|hkd${END}|hong kong dollars?|港元|港币|港幣|香港ドル|홍콩\\s?달러`, 'hkd'],
  [`s\\$|sgd${END}|singapore dollars?|新加坡元|シンガポールドル|싱가포르\\s?달러`, 'sgd'],
  [`a\\$|au\\$|aud${END}|australian dollars?|澳元|豪ドル|호주\\s?달러`, 'aud'],
  [`c\\$|ca\\$|cad${END}|canadian dollars?|加元|カナダドル|캐나다\\s?달러`, 'cad'],
  [
    `€|eur${END}|euro(?![pP])${W}|euró${W}|eiro${END}|evr(?:a|i|ov|o)?${END}|евр[оа]?${END}|євро|ευρώ|ユーロ|欧元|歐元|유로|يورو|یورو|אירו|यूरो|ইউরো|ยูโร`,
    'eur',
  ],
  [`us\\$|\\$|usd${END}|${DOLLAR_WORDS}`, 'usd'],
  [
    `£|gbp${END}|pounds?(?: sterling)?${END}|sterling${END}|pfund${END}|livres? sterling|libras?(?: esterlinas?)?${END}|sterlin[ae]${END}|фунт${W}|ポンド|英镑|英鎊|파운드`,
    'gbp',
  ],
  [`¥|jpy${END}|yen${END}|円|日元|日圓|엔화|иен${W}|jen(?:ów|ů)?${END}`, 'jpy'],
  [`cny${END}|rmb${END}|yuan${END}|renminbi${END}|人民币|人民幣|위안|юан${W}`, 'cny'],
  [`₩|krw${END}|won${END}|원`, 'krw'],
  [`₹|inr${END}|rupees?${END}|rupias?${END}|रुपये|रुपए|रुपया|রুপি|рупи${W}|ルピー|卢比|루피`, 'inr'],
  [`₽|rub${END}|руб${W}\\.?|rubles?${END}|roubles?${END}|rubel${W}|rubli${END}|ルーブル|卢布|루블`, 'rub'],
  [`₴|uah${END}|грн${END}|гривн${W}|гривен${W}|hryvnias?${END}`, 'uah'],
  [`zł|pln${END}|złot${W}|zlot${W}|злот${W}`, 'pln'],
  [`kč|czk${END}|korun${W}`, 'czk'],
  [`huf${END}|forint${W}|ft${END}`, 'huf'],
  [`ron${END}|lei${END}`, 'ron'],
  [`лв${END}\\.?|bgn${END}|лева${END}`, 'bgn'],
  [`rsd${END}|dinara${END}|динара${END}`, 'rsd'],
  [`₺|try${END}|tl${END}|lira${W}|liras turcas|türk lirası`, 'try'],
  [`r\\$|brl${END}|reais${END}|reales${END}`, 'brl'],
  [`chf${END}|franken${END}|francs? suisses?|franchi svizzeri`, 'chf'],
  [`sek${END}|kronor${END}`, 'sek'],
  [`nok${END}|norske kroner`, 'nok'],
  [`dkk${END}|danske kroner`, 'dkk'],
  [`idr${END}|rupiah${END}`, 'idr'],
  [`myr${END}|ringgit${END}`, 'myr'],
  [`฿|thb${END}|baht${END}|บาท`, 'thb'],
  [`₫|vnd${END}|đồng${END}|dong${END}`, 'vnd'],
  [`₪|ils${END}|nis${END}|shekels?${END}|שקל${W}|ש"ח`, 'ils'],
  [`aed${END}|dirhams?${END}|درهم`, 'aed'],
  [`sar${END}|riyals?${END}|ريال`, 'sar'],
  [`irr${END}|ریال|rials?${END}`, 'irr'],
];

/** Signs and codes written before the amount ("€500m", "US$1.2bn", "Rs 75,000 crore", "EUR 850 million"). */
const CURRENCIES_BEFORE: Array<[RegExp, string]> = (
  [
    ['nt\\$', 'twd'],
    ['hk\\$', 'hkd'],
    ['s\\$', 'sgd'],
    ['a\\$|au\\$', 'aud'],
    ['c\\$|ca\\$', 'cad'],
    ['r\\$', 'brl'],
    ['mx\\$', 'mxn'],
    ['us\\$|\\$|usd', 'usd'],
    ['€|eur', 'eur'],
    ['£|gbp', 'gbp'],
    ['¥|jpy', 'jpy'],
    ['cny|rmb', 'cny'],
    ['₹|rs\\.?|inr', 'inr'],
    ['₩|krw', 'krw'],
    ['₽', 'rub'],
    ['₺', 'try'],
    ['₴', 'uah'],
    ['chf', 'chf'],
    ['pln', 'pln'],
    ['sek', 'sek'],
    ['nok', 'nok'],
    ['dkk', 'dkk'],
    ['rp\\.?', 'idr'],
    ['rm', 'myr'],
    ['₪', 'ils'],
    ['฿', 'thb'],
  ] as const
).map(([p, code]) => [new RegExp(`(?:^|[^\\p{L}$])(?:${p})\\s?$`, 'iu'), code]);

/**
 * Any ISO 4217 code, written in capitals before or after an amount ("AED 3.7 billion", "3,7 Mrd. CHF"): ICU's
 * list, stored in locale-data.json.
 */
const ISO_CODES = new Set(currencyCodes());
const ISO_BEFORE = /(?:^|[^\p{L}])([A-Z]{3})\s?$/u;
const ISO_AFTER = /^\s?([A-Z]{3})(?![\p{L}])/u;

/** Any of them, in one test: most numbers have none. */
const ANY_CURRENCY_BEFORE = new RegExp(CURRENCIES_BEFORE.map(([re]) => `(?:${re.source})`).join('|'), 'iu');

/** Percent written before the number: Turkish "yüzde 52", "%52". */
const PERCENT_BEFORE = /(?:yüzde\s|%\s?)$/iu;

/** Words and abbreviations of large numbers that ICU's tables do not write. */
const CURATED_WORDS: Array<[string, number]> = [
  ['mil millones', 1e9],
  ['mil milhões', 1e9],
  ['mil milhoes', 1e9],
  ['mil milions', 1e9],
  ['bn', 1e9],
  // Malaysian English: "RM9.4bil".
  ['bil', 1e9],
  ['bln', 1e9],
  ['mld', 1e9],
  ['mld.', 1e9],
  ['mlrd', 1e9],
  ['mlrd.', 1e9],
  ['mrd', 1e9],
  ['mrd.', 1e9],
  ['mds', 1e9],
  ['md', 1e9],
  ['mdr', 1e9],
  ['mia.', 1e9],
  ['mia', 1e9],
  ['млрд', 1e9],
  ['млрд.', 1e9],
  ['δισ.', 1e9],
  ['tỉ', 1e9],
  ['tỷ', 1e9],
  ['miliar', 1e9],
  ['mn', 1e6],
  ['mln', 1e6],
  ['mln.', 1e6],
  ['mio', 1e6],
  ['mio.', 1e6],
  ['mill.', 1e6],
  ['milj.', 1e6],
  ['млн', 1e6],
  ['млн.', 1e6],
  ['εκατ.', 1e6],
  ['εκ.', 1e6],
  ['juta', 1e6],
  ['jt', 1e6],
  ['triệu', 1e6],
  ['lakh', 1e5],
  ['lakhs', 1e5],
  ['lac', 1e5],
  ['crore', 1e7],
  ['crores', 1e7],
  ['cr', 1e7],
  // English's words in Devanagari, as Hindi business news writes them ("$17.5 बिलियन").
  ['मिलियन', 1e6],
  ['बिलियन', 1e9],
  ['ट्रिलियन', 1e12],
  ['करोड़', 1e7],
  ['करोड', 1e7],
  ['लाख', 1e5],
  ['কোটি', 1e7],
  ['লাখ', 1e5],
  ['tsd.', 1e3],
  ['tys.', 1e3],
  ['тыс.', 1e3],
  ['тис.', 1e3],
  ['хил.', 1e3],
  ['χιλ.', 1e3],
  ['trn', 1e12],
  ['tn', 1e12],
  ['трлн', 1e12],
  ['трлн.', 1e12],
];

/**
 * Letters that multiply only when written onto the digits ("$500m", "€1.2bn", "$300k") or onto the euro
 * sign (French "15 M€", "3 Md€"); a currency must still be found.
 */
const ATTACHED = /^(?:(k|m|b)(?![\p{L}\d])|\s?(k|M|Md|Mds|Mrd)(?=\s?€))/u;

/** Words that carry both the multiplier and the currency (Swedish "500 mkr", "3 mdkr"). */
const MULTIPLIED_CURRENCY = /^\s?(mkr|mnkr|mdkr|mdr kr)(?![\p{L}])/iu;

/** Words for "one" (or "a") before a bare multiplier: "un milliard d'euros", "eine Milliarde Euro", "a billion dollars". */
const ONE: Record<string, string> = {
  en: 'a|one',
  de: 'eine?|einer|einen',
  fr: 'un|une',
  es: 'un|una|uno',
  it: 'un|uno|una',
  pt: 'um|uma',
  nl: 'een|één',
  ca: 'un|una',
  ro: 'un|o',
  sv: 'en|ett',
  nb: 'en|et|én',
  da: 'en|et|én',
  hu: 'egy',
  el: 'ένα|ένας|μία|μια',
  tr: 'bir',
  vi: 'một',
  id: 'satu',
  ms: 'satu',
};
/**
 * The cardinal words of the languages that write a thousand millions with no digit and no article ("mil millones
 * de euros"): "dez mil milhões" is ten thousand millions, "treinta y cinco mil millones" thirty-five, not one. Below a
 * thousand their cardinals add up word by word, joined by y, e or i.
 */
const CARDINALS: Record<string, Record<string, number>> = {
  es: cardinals(
    'dos 2 tres 3 cuatro 4 cinco 5 seis 6 siete 7 ocho 8 nueve 9 diez 10 once 11 doce 12 trece 13 catorce 14 quince 15 dieciséis 16 diecisiete 17 dieciocho 18 diecinueve 19 veinte 20 veintiuno 21 veintiún 21 veintidós 22 veintitrés 23 veinticuatro 24 veinticinco 25 veintiséis 26 veintisiete 27 veintiocho 28 veintinueve 29 treinta 30 cuarenta 40 cincuenta 50 sesenta 60 setenta 70 ochenta 80 noventa 90 cien 100 ciento 100 doscientos 200 trescientos 300 cuatrocientos 400 quinientos 500 seiscientos 600 setecientos 700 ochocientos 800 novecientos 900',
  ),
  pt: cardinals(
    'dois 2 duas 2 três 3 quatro 4 cinco 5 seis 6 sete 7 oito 8 nove 9 dez 10 onze 11 doze 12 treze 13 catorze 14 quatorze 14 quinze 15 dezesseis 16 dezasseis 16 dezessete 17 dezassete 17 dezoito 18 dezenove 19 dezanove 19 vinte 20 trinta 30 quarenta 40 cinquenta 50 sessenta 60 setenta 70 oitenta 80 noventa 90 cem 100 cento 100 duzentos 200 trezentos 300 quatrocentos 400 quinhentos 500 seiscentos 600 setecentos 700 oitocentos 800 novecentos 900',
  ),
  ca: cardinals(
    'dos 2 dues 2 tres 3 quatre 4 cinc 5 sis 6 set 7 vuit 8 nou 9 deu 10 onze 11 dotze 12 tretze 13 catorze 14 quinze 15 setze 16 disset 17 divuit 18 dinou 19 vint 20 trenta 30 quaranta 40 cinquanta 50 seixanta 60 setanta 70 vuitanta 80 noranta 90 cent 100 dos-cents 200 tres-cents 300 quatre-cents 400 cinc-cents 500 sis-cents 600 set-cents 700 vuit-cents 800 nou-cents 900',
  ),
};
const CARDINAL_JOINERS = new Set(['y', 'e', 'i']);

/**
 * Two to ten written as words before a multiplier or a unit of power ("eight billion euro", "drei Milliarden Euro",
 * "vijf miljard euro", "two gigawatts"): the common forms of each language (Spanish, Portuguese and Catalan take
 * theirs from CARDINALS).
 */
const SMALL_CARDINALS: Record<string, string> = {
  en: 'two three four five six seven eight nine ten',
  de: 'zwei drei vier fünf sechs sieben acht neun zehn',
  fr: 'deux trois quatre cinq six sept huit neuf dix',
  it: 'due tre quattro cinque sei sette otto nove dieci',
  nl: 'twee drie vier vijf zes zeven acht negen tien',
  sv: 'två tre fyra fem sex sju åtta nio tio',
  nb: 'to tre fire fem seks sju åtte ni ti',
  da: 'to tre fire fem seks syv otte ni ti',
  fi: 'kaksi kolme neljä viisi kuusi seitsemän kahdeksan yhdeksän kymmenen',
  pl: 'dwa trzy cztery pięć sześć siedem osiem dziewięć dziesięć',
  cs: 'dva tři čtyři pět šest sedm osm devět deset',
  ru: 'два три четыре пять шесть семь восемь девять десять',
  tr: 'iki üç dört beş altı yedi sekiz dokuz on',
  id: 'dua tiga empat lima enam tujuh delapan sembilan sepuluh',
  ms: 'dua tiga empat lima enam tujuh lapan sembilan sepuluh',
  ro: 'două trei patru cinci șase șapte opt nouă zece',
  hu: 'két három négy öt hat hét nyolc kilenc tíz',
};

/** A language's cardinal words two to ten (and, for Spanish, Portuguese and Catalan, their cardinals below a thousand). */
function wordCardinals(base: string): Record<string, number> | undefined {
  if (CARDINALS[base]) return CARDINALS[base];
  const list = SMALL_CARDINALS[base]?.split(' ');
  return list ? Object.fromEntries(list.map((w, i) => [w, i + 2])) : undefined;
}

function cardinals(list: string): Record<string, number> {
  const words = list.split(' ');
  const out: Record<string, number> = {};
  for (let i = 0; i < words.length; i += 2) out[words[i]!] = Number(words[i + 1]);
  return out;
}

/**
 * How many of a bare multiplier at `at` the words before it say ("dez mil milhões": 10), and where they start: 1
 * and `at` when no cardinal word precedes it.
 */
function cardinalBefore(t: string, at: number, words: Record<string, number> | undefined): { times: number; from: number } {
  let times = 0;
  let from = at;
  if (!words) return { times: 1, from };
  const before = [...t.slice(Math.max(0, at - 80), at).matchAll(/[\p{L}-]+/gu)];
  const offset = Math.max(0, at - 80);
  for (let i = before.length - 1; i >= 0; i--) {
    const word = before[i]![0].toLowerCase();
    const gap = t.slice(offset + before[i]!.index! + before[i]![0].length, from);
    if (!/^\s+$/.test(gap)) break;
    const value = words[word];
    if (value !== undefined) {
      times += value;
      from = offset + before[i]!.index!;
    } else if (CARDINAL_JOINERS.has(word) && times > 0 && i > 0 && words[before[i - 1]![0].toLowerCase()] !== undefined) {
      from = offset + before[i]!.index!;
    } else break;
  }
  return times ? { times, from } : { times: 1, from: at };
}

/** The prepositions between an amount and its currency's name ("de euros", "d'euros", "d euros", "of", "av", "w"). */
const CURRENCY_PREPOSITION = `(?:d['’ ]|de |di |do |da |av |of |dos |der |des |van |w )`;

/** Languages without articles, where a singular multiplier alone means one ("miljardi euroa", "миллиард долларов"). */
const BARE_ONE = new Set('fi et pl cs sk ru uk bg sr hr sl lt lv'.split(' '));

interface LanguageMatchers {
  multiplier: RegExp;
  factors: Map<string, number>;
  units: ReadonlyArray<[RegExp, string, number]>;
  currencies: Array<[RegExp, string]>;
  /** Either matches where a multiplier, unit or currency starts. */
  anyAfter: RegExp[];
  /** A multiplier word with no number before it, after a word for "one" (or alone where there are no articles). */
  bareMultiplier: RegExp | null;
  /** The cardinal words read before a bare multiplier (CARDINALS), if the language has them. */
  cardinals: Record<string, number> | undefined;
  /** A cardinal word (two and up) before a multiplier or a unit: "eight billion", "two gigawatts". */
  cardinalWord: RegExp | null;
  /** ICU's names of the currencies in the language, by the first two letters of the name (namedCurrencyAt). */
  named: Map<string, Array<[RegExp, string]>>;
  cardinalValues: Record<string, number>;
  commaDecimal: boolean;
  spaceGroups: boolean;
  language: string;
}

const matcherCache = new Map<string, LanguageMatchers>();
const patternCache = new Map<string, RegExp>();

/** A pattern compiled once for every language that writes it alike (V8's own cache is emptied by collections). */
function compiled(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let re = patternCache.get(key);
  if (!re) patternCache.set(key, (re = new RegExp(source, flags)));
  return re;
}

const UNIT_PATTERNS: ReadonlyArray<[RegExp, string, number]> = UNITS.map(([p, key, factor]) => [
  new RegExp(`^\\s?-?(?:${p})`, 'iu'),
  key,
  factor,
]);
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The space (or hyphen) a multiplier's or currency's pattern opens with, which `anyAfter` writes once for all. */
const LEAD = /^\^\[\\s-\]\?/;

function matchers(language: string): LanguageMatchers {
  const tag = language.toLowerCase();
  let m = matcherCache.get(tag);
  if (m) return m;
  const words = new Map<string, number>();
  for (const [w, factor] of [...numberWords(tag), ...CURATED_WORDS]) for (const form of [w, w.normalize('NFC')]) words.set(form, factor);
  const sorted = [...words.keys()].sort((a, b) => b.length - a.length);
  // A multiplier word ends where its word ends ("mil" must not read "milioni" short), except in scripts
  // written without spaces ("200 ล้านดอลลาร์").
  const spaced = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]$/u;
  // Hyphenated as an adjective too: "a $1-billion plan", "the 8-billion-euro project". Consecutive words that end
  // where their word ends share one lookahead (the same match: a group's alternatives are tried in order before the
  // next one): each `\p{L}` of a case-insensitive pattern costs V8 about 0.4 ms to compile.
  const alternatives: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length) alternatives.push(`(?:${run.join('|')})(?![\\p{L}])`);
    run = [];
  };
  for (const w of sorted) {
    if (spaced.test(w)) run.push(escape(w));
    else {
      endRun();
      alternatives.push(escape(w));
    }
  }
  endRun();
  const multiplier = new RegExp(`^[\\s-]?(?:${alternatives.join('|')})`, 'iu');
  const units = UNIT_PATTERNS;
  // In Taiwan 元 is the New Taiwan dollar, elsewhere in Chinese the yuan.
  const yuan: [string, string] = [`元(?!素)`, tag === 'zh-tw' || tag === 'zh-hk' ? (tag === 'zh-tw' ? 'twd' : 'hkd') : 'cny'];
  const crowns: [string, string] = [
    `kr\\.?${END}|kroner${END}|kronor${END}|kronur${END}`,
    tag.startsWith('da') ? 'dkk' : tag.startsWith('sv') ? 'sek' : 'nok',
  ];
  const currencies = [...CURRENCIES_AFTER, yuan, crowns].map(([p, code]): [RegExp, string] => [
    // "d euros": the apostrophe a cleaned-up text lost.
    compiled(`^${CURRENCY_LEAD}(?:${p})`, 'iu'),
    code,
  ]);
  // Whether a multiplier, unit or currency starts after a number: the multiplier's words are the language's own, the
  // rest is the same for nearly every language (one compiled pattern for them all, not one per language).
  const anyAfter = [
    new RegExp(`^\\s?-?(?:${multiplier.source.replace(LEAD, '')})`, 'iu'),
    compiled(
      `^\\s?-?(?:${[...units.map(([r]) => r.source.replace(/^\^\\s\?-\?/, '')), ...currencies.map(([r]) => r.source.replace(LEAD, '')), ATTACHED.source.replace(/^\^/, ''), MULTIPLIED_CURRENCY.source.replace(/^\^\\s\?/, '')].join('|')})`,
      'iu',
    ),
  ];
  const base = localeDataLanguage(tag);
  // "mil millones de euros" is a billion euros with no article and no digit.
  const thousandMillions = base === 'es' || base === 'pt' || base === 'ca' ? ['mil millones', 'mil milhões', 'mil milions'] : [];
  const singular = [...thousandMillions, ...singularNumberWords(base)].map(escape).join('|');
  const one = ONE[base];
  const cardinalValues = wordCardinals(base);
  const bareMultiplier =
    singular && (one || BARE_ONE.has(base))
      ? new RegExp(
          `(?<![\\p{L}\\d.,]|\\d\\s)(?:(?:${one ?? ''})\\s+)${one && !BARE_ONE.has(base) && !thousandMillions.length ? '' : '?'}(${singular})(?![\\p{L}])`,
          'giu',
        )
      : null;
  m = {
    bareMultiplier,
    cardinals: thousandMillions.length ? cardinalValues : undefined,
    cardinalWord: cardinalValues ? new RegExp(`(?:${Object.keys(cardinalValues).map(escape).join('|')})(?=[\\s-])`, 'giu') : null,
    cardinalValues: cardinalValues ?? {},
    named: namedCurrencyPatterns(tag),
    multiplier,
    factors: words,
    units,
    currencies,
    anyAfter,
    commaDecimal: decimalComma(tag),
    spaceGroups: SPACE_GROUPS.has(localeDataLanguage(tag)),
    language: tag,
  };
  matcherCache.set(tag, m);
  return m;
}

/** Scripts whose words take endings: a currency's name is matched by its words' stems there. */
const INFLECTED_SCRIPT = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{M}'’-]+$/u;

/**
 * The names ICU gives the engine's currencies in a language, as patterns (one per currency, longest names first):
 * "33,7 Milliarden Schwedische Kronen", "33.7 billion Swedish Krona", "mld koron szwedzkich". A word of six letters
 * or more in an alphabet is matched by its stem with up to three more letters (the cases ICU does not list:
 * "Schwedischen Kronen"); words in other scripts as written, with or without the space or dot between them
 * ("スウェーデン・クローナ").
 */
function namedCurrencyPatterns(language: string): Map<string, Array<[RegExp, string]>> {
  const byHead = new Map<string, Array<[RegExp, string, number]>>();
  for (const [name, code] of currencyNames(language)) {
    const words = name.split(/[\s\u00a0]+/u);
    const pattern =
      words
        .map((w) => (INFLECTED_SCRIPT.test(w) && w.length >= 6 ? `${escape(w.slice(0, -2))}\\p{L}{0,3}` : escape(w)))
        .join('[\\s\u00a0・·]?') + (INFLECTED_SCRIPT.test(words.at(-1)!) ? END : '');
    const head = name.slice(0, 2).toLowerCase();
    let list = byHead.get(head);
    if (!list) byHead.set(head, (list = []));
    list.push([new RegExp(`^${CURRENCY_LEAD}(?:${pattern})`, 'iu'), code, pattern.length]);
  }
  // The most specific first ("Danish kroner" before "Danish krone").
  return new Map(
    [...byHead].map(([head, list]) => [head, list.sort((a, b) => b[2] - a[2]).map(([re, code]): [RegExp, string] => [re, code])]),
  );
}

/** What may stand between an amount and its currency: a space or hyphen, and a preposition ("de", "d'", "of", "av"). */
const CURRENCY_LEAD = `[\\s-]?(?:${CURRENCY_PREPOSITION}\\s?)?`;
/** The first two letters of the word after an amount's preposition, if it has one. */
const HEADS_AFTER = new RegExp(`^[\\s-]?(?:${CURRENCY_PREPOSITION}\\s?(\\S{2}))?`, 'iu');
const HEAD_AFTER = /^[\s-]?(\S{2})/u;

/**
 * The currency ICU names at the start of `rest` (after the amount and its multiplier), with its code and where its
 * words end: only the names that begin with the next word's first two letters are tried, so a number followed by
 * anything else costs one lookup.
 */
function namedCurrencyAt(rest: string, m: LanguageMatchers): { code: string; length: number } | null {
  if (!m.named.size) return null;
  const heads = [HEAD_AFTER.exec(rest)?.[1], HEADS_AFTER.exec(rest)?.[1]];
  for (const head of heads) {
    if (!head) continue;
    for (const [re, code] of m.named.get(head.toLowerCase()) ?? []) {
      const hit = re.exec(rest);
      if (hit) return { code, length: hit[0].length };
    }
  }
  return null;
}

const CJK = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;
const HAS_DIGIT = /\d/;
const CJK_AMOUNT = new RegExp(
  `(?<![\\d.,])((?:\\d[\\d.,]*|[${KANJI_NUMBER}]+)\\s?(?:兆(?!瓦)|億|亿|万|萬|조|억|만)(?:\\s?(?:\\d[\\d.,]*|[${KANJI_NUMBER}]+)\\s?(?:億|亿|万|萬|억|만|千(?!瓦)|천))*)`,
  'gu',
);

/**
 * Each quantity of the text a summary can state as a key figure, with its normalised key and the words that
 * state it: power, energy, apparent power, voltage, areas, money and shares, which the summarizer labels and
 * formats (key-figures.ts). Data rates and temperatures are anchors only (`findFigures`): no key figure
 * labels them yet.
 */
export function findQuantities(text: string, language: string): FoundQuantity[] {
  return scanFigures(text, language, null).filter((q) => !ANCHOR_ONLY.has(q.key.slice(0, q.key.indexOf(':'))));
}

const ANCHOR_ONLY = new Set(['tbps', 'c']);

/**
 * The quantities of a text, and the counts of things (`n:2300`) it states before `countsBefore` (its lead: later
 * sentences carry background, where counts of unrelated things abound).
 */
export function findFigures(text: string, language: string, countsBefore = Infinity): { quantities: FoundQuantity[]; counts: Set<string> } {
  const counts = new Set<string>();
  return { quantities: scanFigures(text, language, counts, countsBefore), counts };
}

function scanFigures(text: string, language: string, counts: Set<string> | null, countsBefore = Infinity): FoundQuantity[] {
  const m = matchers(language || 'en');
  const t = asciiDigits(text);
  const out: FoundQuantity[] = [];
  const covered: Array<[number, number]> = [];
  if (CJK.test(t)) {
    for (const match of t.matchAll(CJK_AMOUNT)) {
      const value = cjkAmount(match[1]!);
      if (value === null) continue;
      const start = match.index!;
      const end = start + match[0].length;
      covered.push([start, end]);
      const found = unitAfter(value, t, start, end, m, false);
      if (found) out.push({ key: found.key, raw: stated(text, found.from ?? start, found.end) });
      else if (counts && start < countsBefore && Number.isInteger(value) && value >= 100) counts.add(`n:${round(value)}`);
    }
  }
  if (m.bareMultiplier) {
    for (const match of t.matchAll(m.bareMultiplier)) {
      const start = match.index! + match[0].length - match[1]!.length;
      // With no word for one before it, the cardinal words before it count it ("dez mil milhões").
      const { times, from } = start === match.index! ? cardinalBefore(t, start, m.cardinals) : { times: 1, from: match.index! };
      const found = unitAfter(times, t, start, start, m, false);
      if (found && !/^(pct|mw|mwh|mva|kv|m2):/.test(found.key) && found.multiplied)
        out.push({ key: found.key, raw: stated(text, from, found.end) });
    }
  }
  if (m.cardinalWord) {
    for (const match of t.matchAll(m.cardinalWord)) {
      const start = match.index!;
      const end = start + match[0].length;
      // A word of its own (tested here rather than by a lookbehind, which the regex would run at every character).
      if (start > 0 && WORD_BEFORE.test(t[start - 1]!)) continue;
      // "dos mil millones": the thousand millions read it already (their cardinals count them).
      if (m.cardinals && /^[\s-]mil\s/iu.test(t.slice(end, end + 5))) continue;
      const found = unitAfter(m.cardinalValues[match[0].toLowerCase()]!, t, start, end, m, false);
      if (found && (found.multiplied ? !/^(?:n|pct):/.test(found.key) : /^mwh?:/.test(found.key)))
        out.push({ key: found.key, raw: stated(text, start, found.end) });
    }
  }
  if (!HAS_DIGIT.test(t)) return out;
  const number = m.spaceGroups ? NUMBER_WITH_SPACES : NUMBER;
  number.lastIndex = 0;
  for (let match = number.exec(t); match; match = number.exec(t)) {
    const start = match.index;
    if (covered.length && isCovered(covered, start)) continue;
    const raw = match[0];
    const end = start + raw.length;
    const after = t.slice(end, end + 40);
    const before = t.slice(Math.max(0, start - 8), start);
    const maybeUnit =
      m.anyAfter.some((re) => re.test(after)) ||
      ANY_CURRENCY_BEFORE.test(before) ||
      PERCENT_BEFORE.test(before) ||
      isoCode(before, after) ||
      namedCurrencyAt(after, m) !== null;
    // Most numbers in news are bare counts or dates: counted only in the lead, and only when asked for.
    if (!maybeUnit && (!counts || start >= countsBefore || raw.length < 3)) continue;
    // "6,690 millones de euros": three decimals before "millions" are a thousands group, even where the comma is
    // the decimal sign (wire copy translated from English writes billions so; 6.69 millions is written "6,69"). Not
    // before a larger multiplier: "1,250 Milliarden" stays 1.25 billion, not 1.25 trillion.
    const value = parseLocaleNumber(raw, m.commaDecimal && !(COMMA_THOUSANDS.test(raw) && factorAfter(after, m) === 1e6));
    if (!Number.isFinite(value)) continue;
    const yearLike = /^\d{4}$/.test(raw) && value >= 1900 && value <= 2100;
    const found = maybeUnit ? unitAfter(value, t, start, end, m, yearLike) : null;
    // A number written onto letters ("VND14.7 trillion", "Rp61 triliun", "RM9.4b") is an amount in that currency or nothing ("FRA7", "A380").
    if (start > 0 && LETTER.test(t[start - 1]!) && !(found && ISO_CODES.has(found.key.slice(0, found.key.indexOf(':')).toUpperCase())))
      continue;
    if (found?.key.startsWith('n:')) {
      if (start < countsBefore) counts?.add(found.key);
    } else if (found) out.push({ key: found.key, raw: stated(text, found.from ?? start, found.end) });
    // A count of things ("2,300 virtual servers", "384個"): a number of three digits or more that is no year or time.
    else if (counts && start < countsBefore && Number.isInteger(value) && value >= 100 && !yearLike && !/^\s?[:.]\d/.test(after))
      counts.add(`n:${round(value)}`);
  }
  return out;
}

function isoCode(before: string, after: string): boolean {
  // A code is in capitals: no capital letter near the number, no code.
  if (!CAPITAL.test(before) && !CAPITAL.test(after.slice(0, 5))) return false;
  const b = ISO_BEFORE.exec(before);
  const a = ISO_AFTER.exec(after);
  return Boolean((b && ISO_CODES.has(b[1]!)) || (a && ISO_CODES.has(a[1]!)));
}

const CAPITAL = /[A-Z]/;
const COMMA_THOUSANDS = /^\d{1,3},\d{3}$/;
const WORD_BEFORE = /[\p{L}\p{M}\d.,-]/u;
/** The letters a number is read after only when they are its currency (NUMBER's lookbehind). */
const LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u;

function isCovered(ranges: Array<[number, number]>, at: number): boolean {
  for (const [a, b] of ranges) if (at >= a && at < b) return true;
  return false;
}

/** The factor of the multiplier word at the start of `rest` ("millones": 1e6), or undefined. */
function factorAfter(rest: string, m: LanguageMatchers): number | undefined {
  const word = m.multiplier.exec(rest);
  if (!word) return undefined;
  const w = word[0]
    .replace(/^[\s-]+/, '')
    .trim()
    .toLowerCase();
  return m.factors.get(w) ?? m.factors.get(w.replace(/\.$/, ''));
}

/** The first unit at the start of `rest`: its key, factor to that key's unit, and length. A year takes only percent. */
function unitAt(rest: string, m: LanguageMatchers, yearLike: boolean): { key: string; factor: number; length: number } | null {
  for (const [re, key, factor] of m.units) {
    const hit = re.exec(rest);
    // "2027 ha" is Italian or Spanish for "2027 has", not an area.
    if (hit && !(yearLike && key !== 'pct')) return { key, factor, length: hit[0].length };
  }
  return null;
}

/** The unit, multiplier or currency that makes the number at [start, end) a quantity, and where its words end. */
function unitAfter(
  value: number,
  t: string,
  start: number,
  end: number,
  m: LanguageMatchers,
  yearLike: boolean,
): { key: string; end: number; from?: number; multiplied?: boolean } | null {
  let rest = t.slice(end, end + 48);
  let pos = end;
  const direct = unitAt(rest, m, yearLike);
  if (direct) return { key: `${direct.key}:${round(value * direct.factor, direct.key)}`, end: pos + direct.length };
  let multiplied = false;
  const attached = ATTACHED.exec(rest);
  let word = m.multiplier.exec(rest);
  if (word) {
    // Two multipliers multiply: "1.3 lakh crore" is 1.3 x 100,000 x 10,000,000 rupees, "1,28 triệu tỷ" a million billions.
    for (let n = 0; word && n < 2; n++, word = m.multiplier.exec(rest)) {
      value *= factorAfter(rest, m) ?? 1;
      rest = rest.slice(word[0].length);
      pos += word[0].length;
    }
    multiplied = true;
  } else if (attached) {
    const a = attached[1] ?? attached[2]!;
    value *= /^k/i.test(a) ? 1e3 : /^(Md|Mds|Mrd|b)/.test(a) ? 1e9 : 1e6;
    rest = rest.slice(attached[0].length);
    pos += attached[0].length;
    multiplied = true;
  } else {
    const kr = MULTIPLIED_CURRENCY.exec(rest);
    if (kr) {
      const factor = /^\s?(mdkr|mdr)/i.test(kr[0]) ? 1e9 : 1e6;
      return { key: `sek:${round(value * factor, 'sek')}`, end: pos + kr[0].length };
    }
  }
  if (multiplied) {
    const after = unitAt(rest, m, yearLike);
    if (after && after.key !== 'pct') return { key: `${after.key}:${round(value * after.factor, after.key)}`, end: pos + after.length };
  }
  // ICU's names first, the most specific ("Danish kroner" before "kroner").
  const named = namedCurrencyAt(rest, m);
  if (named) return { key: `${named.code}:${round(value, named.code)}`, end: pos + named.length, multiplied };
  for (const [re, code] of m.currencies) {
    const hit = re.exec(rest);
    if (hit) return { key: `${code}:${round(value, code)}`, end: pos + hit[0].length, multiplied };
  }
  const iso = ISO_AFTER.exec(rest);
  if (iso && ISO_CODES.has(iso[1]!)) return { key: `${iso[1]!.toLowerCase()}:${round(value)}`, end: pos + iso[0].length, multiplied };
  const before = t.slice(Math.max(0, start - 8), start);
  const isoBefore = ISO_BEFORE.exec(before);
  for (const [re, code] of CURRENCIES_BEFORE) {
    const hit = re.exec(before);
    if (hit) return { key: `${code}:${round(value, code)}`, end: pos, from: start - hit[0].replace(/^[^\p{L}$€£¥₹₩₽₺₴₪฿]/u, '').length };
  }
  if (isoBefore && ISO_CODES.has(isoBefore[1]!))
    return {
      key: `${isoBefore[1]!.toLowerCase()}:${round(value)}`,
      end: pos,
      from: start - isoBefore[1]!.length - (/\s$/.test(before) ? 1 : 0),
    };
  if (!multiplied && PERCENT_BEFORE.test(before)) {
    const sign = PERCENT_BEFORE.exec(before)![0];
    return { key: `pct:${round(value, 'pct')}`, end: pos, from: start - sign.length };
  }
  // "2 million units", "200万只": a count, multiplied.
  if (multiplied && Number.isInteger(value)) return { key: `n:${round(value)}`, end: pos };
  return null;
}

/** The words of the original text from the sign to the unit, on one line. */
function stated(text: string, from: number, to: number): string {
  return text.slice(from, to).replace(/\s+/g, ' ').trim();
}

/**
 * Three significant digits (1.2 billion and 1,199 million are the same money); two for areas, which are
 * often converted from square feet or acres and rounded by the writer (100,000 sq ft = 9,290 m² ~ 9,300 m²).
 */
export function round(value: number, key = ''): string {
  if (value === 0) return '0';
  return String(Number(value.toPrecision(key === 'm2' ? 2 : 3)));
}

/** Significant digits of a quantity key's value: `mw:47.5` has three, `mw:100` one (a round, common figure). */
export function significantDigits(key: string): number {
  const value = key.slice(key.indexOf(':') + 1);
  const digits = value.replace(/^0\.0*|\./g, '').replace(/0+$/, '');
  return Math.max(1, digits.length);
}
