import { countryOf, gazetteerHitsInScript, gazetteerKey, gazetteerPhraseAt, gazetteerStemKey } from './gazetteer.js';
import { dateWords, INFLECTING } from './locale-data.js';
import { localeDataLanguage } from './base-language.js';
import { foldLetters } from './fold.js';
import { toLatin } from './transliterate.js';

/**
 * Organisations, places and products named in a text, each as one key: the gazetteer's key where it knows the
 * name in any script or spelling, else the name folded (lower case, no accents, ł -> l), Cyrillic and Greek
 * in Latin letters. Legal forms (GmbH, S.A., Inc., K.K., ООО) and words that name no one (units, months,
 * currencies) are dropped.
 */
export interface Names {
  /** Names: capitalised words that do not start a sentence, acronyms, CamelCase, gazetteer names. */
  names: Set<string>;
  /**
   * Capitalised words of a language that capitalises every noun (German): a name or a common noun, which
   * only another language's article can tell (it names "Galaxy" as a name, never "Rechenzentrum").
   */
  maybeNames: Set<string>;
}

/** Languages whose own script has no capitals: a Latin word in them is almost always a name. */
const CASELESS = new Set(['ja', 'zh', 'ko', 'th', 'ar', 'he', 'fa', 'hi', 'bn', 'ur', 'ta', 'te', 'mr', 'gu', 'ka', 'am']);

/** Words are runs of one script, so "Equinixは" yields "Equinix". */
const WORD =
  /[\p{Script=Latin}\d][\p{Script=Latin}\d&'’.-]*[\p{Script=Latin}\d]|\p{Script=Latin}|[\p{Script=Cyrillic}][\p{Script=Cyrillic}\d'’-]*|[\p{Script=Greek}]+/gu;

/** Sentence ends, and line breaks (the title is the first line). */
const SENTENCE = /(?<=[.!?。！？])\s+|\n+/u;

/** Elided articles and prepositions before an apostrophe: l'Equinix, d'Amazon, dell'Aruba, all'AWS. */
const ELISION = /^(?:l|d|s|n|c|j|m|t|qu|dell|dall|nell|sull|all|coll|un|quell|nell)$/i;

/** A word as written, resolved once (words repeat across sentences and articles: cached). */
interface Word {
  /** As written (its case tells a name). */
  raw: string;
  /** Folded, in Latin letters. */
  key: string;
  /** Folded, in its own script (what the gazetteer and the date words know for Cyrillic and Greek). */
  folded: string;
  capital: boolean;
  lower: boolean;
  acronym: boolean;
  camel: boolean;
  /** A Latin word of four letters or more (what tells a Title Case headline). */
  long: boolean;
  /** The gazetteer's key for the word as written, null when it has none (undefined: not looked up yet). */
  known: string | null | undefined;
  stemKnown: string | null | undefined;
}

export function extractNames(text: string, language: string): Names {
  const lang = localeDataLanguage(language);
  const names = new Set<string>(gazetteerHitsInScript(text));
  const maybeNames = new Set<string>();
  const nounsCapitalised = lang === 'de' || lang === 'lb';
  const caseless = CASELESS.has(lang);
  const inflecting = INFLECTING.has(lang);
  const dates = dateWords(lang);
  const sentences = text.split(SENTENCE).map((s) => tokenize(s, lang));
  const openers = nounsCapitalised || caseless || sentences.length < 2 ? EMPTY : subjectsOpening(sentences);
  // Only a headline is written in Title Case: the first line of a title and text, or a line without a full stop.
  const headline = text.includes('\n') || !/[.!?。！？]\s*$/u.test(text);
  for (const [index, tokens] of sentences.entries()) {
    const titleCase = index === 0 && headline && !nounsCapitalised && isTitleCase(tokens);
    let keys: string[] | null = null;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const { key, folded, capital } = token;
      const initial = i === 0;
      if (!capital && !caseless) continue;
      keys ??= tokens.map((t) => t.key);
      const phrase = gazetteerPhraseAt(keys, i);
      if (phrase) {
        names.add(phrase.key);
        i += phrase.length - 1;
        continue;
      }
      // Inflected forms (Czech "Ostravě", Polish "Warszawie") and transliterations (Russian "Осаке") by their stems.
      if (token.known === undefined) token.known = gazetteerKey(folded) ?? gazetteerKey(key) ?? null;
      if (token.known === null && inflecting && token.stemKnown === undefined) token.stemKnown = gazetteerStemKey(key) ?? null;
      const known = token.known ?? (inflecting ? token.stemKnown : null);
      if (known) {
        names.add(known);
        continue;
      }
      if (!capital) continue;
      if (COMMON.has(key) || dates.months.has(folded) || dates.weekdays.has(folded) || (key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57))
        continue;
      if (token.acronym || token.camel) {
        names.add(key);
        continue;
      }
      if (caseless && key.length >= 3) {
        names.add(key);
        continue;
      }
      if (titleCase || key.length < 3 || (initial && !openers.has(key))) continue;
      if (nounsCapitalised) maybeNames.add(key);
      else names.add(key);
    }
  }
  for (const n of names) maybeNames.delete(n);
  return { names, maybeNames };
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The keys of a text's words as names are keyed (folded, apostrophes and suffixes resolved), and of the
 * gazetteer's names of several words: to find, in a headline written in lower case (a title taken from a web
 * address), the names its article writes with capitals. `lowerCaseOnly`: the keys of the words written in
 * lower case only (no gazetteer names): words a text uses as common words.
 */
export function wordKeys(text: string, language: string, options: { lowerCaseOnly?: boolean } = {}): Set<string> {
  const lang = localeDataLanguage(language);
  const out = new Set<string>(gazetteerHitsInScript(text));
  const tokens = tokenize(text, lang);
  if (options.lowerCaseOnly) return new Set(tokens.filter((t) => !t.capital).map((t) => t.key));
  const keys = tokens.map((t) => t.key);
  for (let i = 0; i < keys.length; i++) {
    out.add(keys[i]!);
    const phrase = gazetteerPhraseAt(keys, i);
    if (phrase) out.add(phrase.key);
    const known = gazetteerKey(keys[i]!);
    if (known) out.add(known);
  }
  return out;
}

/** The names of a text (the entities of its anchors). */
export function extractEntities(text: string, language: string): Set<string> {
  return extractNames(text, language).names;
}

/**
 * Words of a sentence, with apostrophes and hyphens resolved: "l'Equinix" -> Equinix, "Nvidia's" -> Nvidia,
 * Turkish "Atina'da" -> Atina, "Google-nál" -> Google, "AWS-Region" -> AWS, Region.
 */
function tokenize(sentence: string, lang: string): Word[] {
  const out: Word[] = [];
  for (const m of sentence.matchAll(WORD)) for (const word of wordsOf(m[0], lang)) out.push(word);
  return out;
}

const wordCache = new Map<string, Word[]>();
const NON_LATIN_LETTER = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const ASCII = /^[\x00-\x7f]*$/;

/** A word that starts with a digit (a figure, a date, a reference like 12-3-4): never a name, never cached. */
const FIGURE: Word[] = [
  {
    raw: '0',
    key: '0',
    folded: '0',
    capital: false,
    lower: false,
    acronym: false,
    camel: false,
    long: false,
    known: null,
    stemKnown: null,
  },
];

function wordsOf(match: string, lang: string): Word[] {
  const first = match.charCodeAt(0);
  if (first >= 48 && first <= 57) return FIGURE;
  // Transliteration depends on the language only for Cyrillic.
  const cacheKey = ASCII.test(match) ? match : `${lang}\u0000${match}`;
  let words = wordCache.get(cacheKey);
  if (words) return words;
  let word = match;
  if (word.includes("'") || word.includes('’')) {
    const apostrophe = word.split(/['’]/);
    word = ELISION.test(apostrophe[0]!) ? apostrophe.slice(1).join('') : apostrophe[0]!;
  }
  words = [];
  for (const part of word.includes('-') ? word.split('-') : [word]) {
    const raw = part.endsWith('.') ? part.slice(0, -1) : part;
    if (!raw) continue;
    const latin = NON_LATIN_LETTER.test(raw) ? toLatin(raw, lang) : raw;
    const first = raw[0]!;
    const capital = first !== first.toLowerCase();
    words.push({
      raw,
      key: foldLetters(latin).replace(/\./g, ''),
      folded: foldLetters(raw),
      capital,
      lower: !capital && first !== first.toUpperCase(),
      acronym: capital && /^[\p{Lu}\d&.]{2,}$/u.test(raw) && /\p{Lu}.*\p{Lu}/u.test(raw),
      camel: /^\p{Lu}+\p{Ll}+\p{Lu}/u.test(raw) || /^\p{Ll}+\p{Lu}/u.test(raw),
      long: raw.length >= 4 && /^\p{Script=Latin}{4,}$/u.test(raw),
      known: undefined,
      stemKnown: undefined,
    });
  }
  if (wordCache.size > 100_000) wordCache.clear();
  wordCache.set(cacheKey, words);
  return words;
}

/**
 * Words that open two sentences (the headline and the lead, typically: "Vantage wins ...", "Vantage Data
 * Centers has received ...") and that the text never writes in lower case: the subject, a name, although
 * it is never seen inside a sentence. Not for German, where every noun is capitalised.
 */
function subjectsOpening(sentences: Word[][]): ReadonlySet<string> {
  const opening = new Map<string, number>();
  for (const tokens of sentences) {
    const first = tokens[0];
    if (first?.capital && !first.acronym) opening.set(first.key, (opening.get(first.key) ?? 0) + 1);
  }
  const twice = [...opening].filter(([, n]) => n >= 2).map(([key]) => key);
  if (twice.length === 0) return EMPTY;
  const out = new Set(twice);
  for (const tokens of sentences) for (const t of tokens) if (t.lower && out.has(t.key)) out.delete(t.key);
  return out;
}

/** A headline in Title Case capitalises its common words too: only its acronyms and known names count. */
function isTitleCase(tokens: Word[]): boolean {
  let long = 0;
  let capital = 0;
  for (const t of tokens) {
    if (!t.long) continue;
    long++;
    if (t.capital) capital++;
  }
  return long >= 4 && capital / long >= 0.7;
}

/**
 * Capitalised words that name no one: units, currencies, generic industry words, legal forms of companies
 * (GmbH, S.A., K.K., ООО as "ooo"), and common acronyms in transliteration (ЦОД "tsod", ИИ "ii", МВт "mvt").
 */
const COMMON = new Set(
  (
    'mw gw kw mwh gwh twh mva kv eur usd gbp jpy cny ceo cfo cto coo ai it ia ki ki ia ai esg pue ups hvac co2 q1 q2 q3 q4 ' +
    'euro euros dollar dollars cloud data center centre centers centres centro centrum ' +
    'internet web group grupo gruppe groupe gruppo holding holdings services systems solutions technologies technology networks partners ' +
    'inc ltd llc gmbh ag sa spa srl sas sarl bv nv plc corp co company kk se ab asa oy oyj as aps ooo oao pao zao ao sro doo kft zrt nyrt bhd sdn tbk pt jsc pjsc ltda sl ' +
    'tsod ii mvt gvt kvt mln mlrd es rf ssha eu'
  ).split(' '),
);

/** Words of other scripts that name no one, as a text writes them (folded, not transliterated). */
const COMMON_AS_WRITTEN = new Set('us мвт гвт квт цод млн млрд ес сша ии'.split(' '));
const MONTH_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt'];

/** A capitalised word that names no one (unit, currency, month, weekday, generic industry word), given folded. */
export function isCommonWord(folded: string): boolean {
  if (COMMON.has(folded) || COMMON_AS_WRITTEN.has(folded)) return true;
  return MONTH_LANGUAGES.some((l) => dateWords(l).months.has(folded) || dateWords(l).weekdays.has(folded));
}

/** The places among names, each with its country: the gazetteer's cities, regions and countries. */
export function placesOf(names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const n of names) {
    const country = countryOf(n);
    if (country) {
      out.add(n);
      out.add(country);
    }
  }
  return out;
}
