import { romanize } from 'es-hangul';
import { INFLECTING } from '../language/locale-data.js';
import { startsAWord } from '../language/gazetteer.js';
import { DOLLAR_WORDS } from '../language/quantities.js';
import { foldLetters } from '../language/fold.js';
import { nameKeys, placeStems } from '../language/name-keys.js';
import { KOREAN_PARTICLE } from '../language/terms.js';
import { toLatin } from '../language/transliterate.js';
import { localeDataLanguage } from '../language/base-language.js';
import type { EntityKind } from './seed.js';
import { PackedIndex, type Town, type TownTable } from './town-table.js';

/**
 * Entities named in a sentence, in any catalog language: each name and alias of an entity is looked for folded (case,
 * accents, ł -> l) and, in Cyrillic and Greek, in Latin letters, so "Microsoft", "Майкрософт", "微软", "마이크로소프트"
 * and "مايكروسوفت" are one identity. Latin names are words (a phrase of several words is taken whole, the longest
 * first) written with a capital, or exactly as the alias writes them when it is an acronym or mixed case (AWS, xAI);
 * in inflecting languages a single word also meets its stem ("Equinixa", "Майкрософта"). Names in scripts without
 * spaces or with joined particles (CJK, Thai, Arabic, Hebrew, Devanagari, Hangul) are found inside the text.
 */

/** What recognition needs of an entity: its identity, kind and every name. */
export interface NamedEntity {
  id: string;
  kind: EntityKind;
  name: string;
  aliases: readonly string[];
  /** Its name is also a common word: only a capital inside a sentence (not a headline in Title Case) names it. */
  common?: boolean;
  /** Companies: hyperscaler, colocation, utility, investor, government ... */
  role?: string | null;
  /** Places: country, region or city. */
  level?: string | null;
  /** ISO 3166-1 alpha-2, where known. */
  country?: string | null;
}

/** An entity named in a sentence, with where (characters of the sentence). */
export interface Mention {
  id: string;
  kind: EntityKind;
  start: number;
  end: number;
  /**
   * False where the words may be a common word rather than the entity (a common-word name opening a sentence, in a
   * Title Case headline or a text in lower case): kept only when the same article names the entity surely elsewhere.
   */
  sure: boolean;
}

interface Phrase {
  words: string[];
  /** Each word as the alias writes it, when it must be matched exactly (acronyms, mixed case). */
  exact: Array<string | null>;
  /**
   * A name of one word of three letters or fewer, in lower case: it is met only with the same accents (or none).
   * Folding takes Vietnamese tones away, and "Bỉ" (Belgium) would be "Bí thư" (secretary), "Đức" (Germany) an
   * English "Duc", Estonian "Tai" (Thailand) a Vietnamese "Tài".
   */
  short?: string;
  entity: NamedEntity;
}

interface ScriptName {
  name: string;
  entity: NamedEntity;
  katakana: boolean;
  wordStart: boolean;
}

const WORD =
  /[\p{Script=Latin}\d][\p{Script=Latin}\d&'’.+]*[\p{Script=Latin}\d+]|\p{Script=Latin}|\d|[\p{Script=Cyrillic}][\p{Script=Cyrillic}\d'’-]*|[\p{Script=Greek}]+/gu;
const LATIN_ONLY = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\p{Script=Cyrillic}\p{Script=Greek}]+$/u;
const NON_LATIN_LETTER = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const ELISION = /^(?:l|d|s|n|c|j|m|t|qu|dell|dall|nell|sull|all|coll|un|quell)$/i;
const KATAKANA = /^[\u30a0-\u30ff]+$/u;
const KATAKANA_CHAR = /[\u30a0-\u30ff]/u;
const LETTER = /[\p{L}\p{M}]/u;
const HAS_OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** A word of a text: where it is, as written, and its key (folded, Latin letters, no dots). */
interface Token {
  raw: string;
  key: string;
  start: number;
  end: number;
}

/** The words of a text with their keys; apostrophes and hyphens resolved as names.ts does (l'Equinix, Google-nál). */
function tokenize(text: string, language: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    let word = m[0];
    let offset = m.index;
    if (/['’]/.test(word)) {
      const [first, ...rest] = word.split(/['’]/);
      if (ELISION.test(first!) && rest.length) {
        offset += first!.length + 1;
        word = rest.join('');
      } else word = first!;
    }
    let at = offset;
    for (const part of word.split('-')) {
      const raw = part.replace(/\.$/, '');
      if (raw) out.push({ raw, key: keyOf(raw, language), start: at, end: at + raw.length });
      at += part.length + 1;
    }
  }
  return out;
}

function keyOf(word: string, language: string): string {
  const latin = NON_LATIN_LETTER.test(word) ? toLatin(word, language) : word;
  return foldLetters(latin).replace(/\./g, '');
}

/** Whether a text word may stand for an alias word written `exact` (null: any capitalised spelling). */
function writtenAs(token: Token, exact: string | null, caseless: boolean): boolean {
  const plain = token.raw.replace(/\./g, '');
  // A text in lower case (a title taken from its address) writes acronyms of three letters or more in lower case too.
  if (exact !== null) return plain === exact || (caseless && exact.length >= 3 && plain === exact.toLowerCase());
  if (caseless) return true;
  const first = token.raw[0]!;
  return first !== first.toLowerCase();
}

/**
 * The alias word as it must be written: acronyms and mixed case exactly; words in lower case (gazetteer) need a capital.
 * `alone`: the word is the whole name.
 */
function exactForm(word: string, alone: boolean): string | null {
  const plain = word.replace(/\./g, '');
  if (/^[\p{Lu}\d&+]{2,}$/u.test(plain)) return plain;
  if (/^\p{Ll}+\p{Lu}/u.test(plain) || /^\p{Lu}+\p{Ll}+\p{Lu}/u.test(plain)) return plain;
  // Short lower-case gazetteer names ("us", "uk") are only ever acronyms in running text; a short word of a longer
  // name is a word ("hà nội", "sao paulo", "tel aviv").
  if (alone && /^\p{Ll}{1,3}$/u.test(plain)) return plain.toUpperCase();
  return null;
}

/** Languages whose own script has no capitals (a Latin word in them is most often a name). */
/** Languages whose genitive adds an s to a name, with no apostrophe (German, Dutch, Danish, Norwegian). */
const GENITIVE_S = new Set(['de', 'nl', 'da', 'nb']);
const CASELESS = new Set(['ja', 'zh', 'ko', 'th', 'ar', 'he', 'fa', 'hi', 'bn', 'ur', 'ta', 'te', 'mr', 'gu', 'ka', 'am']);

export class EntityIndex {
  private readonly phrases = new Map<string, Phrase[]>();
  private readonly stems = new Map<string, NamedEntity>();
  /** One-word names of six letters or more, for the same name written in two words ("Cyrus One" for CyrusOne). */
  private readonly solid = new Map<string, NamedEntity>();
  private readonly inScript = new Map<string, ScriptName[]>();
  private readonly byKey = new Map<string, NamedEntity>();
  private readonly byId = new Map<string, NamedEntity>();

  private readonly towns: TownLookup | undefined;

  private readonly notTowns: ReadonlySet<string>;

  private countries: Map<string, NamedEntity> | undefined;

  /**
   * `towns`: the shipped towns (seed.ts `shippedTowns`), met through a compact lookup; an entity of the same id wins,
   * and `notTowns` (towns merged into another entity) are not met as towns.
   */
  constructor(entities: readonly NamedEntity[], towns?: TownTable, notTowns: ReadonlySet<string> = new Set()) {
    this.towns = towns ? townLookup(towns) : undefined;
    this.notTowns = notTowns;
    for (const entity of entities) {
      this.byId.set(entity.id, entity);
      if (!this.byKey.has(entity.id)) this.byKey.set(entity.id, entity);
      for (const name of new Set([entity.name, ...entity.aliases])) this.add(name.trim(), entity);
    }
    for (const list of this.phrases.values()) list.sort((a, b) => b.words.length - a.words.length);
    for (const list of this.inScript.values()) list.sort((a, b) => b.name.length - a.name.length);
  }

  entity(id: string): NamedEntity | undefined {
    return this.byId.get(id) ?? (this.notTowns.has(id) ? undefined : this.towns?.entity(id));
  }

  /** The country of a place: the entity's own, or the shipped town's (also once stored as an entity). */
  countryOf(id: string): string | undefined {
    return this.byId.get(id)?.country ?? this.towns?.countryOf(id);
  }

  /** The entity of a country (level country) by its ISO 3166-1 alpha-2 code. */
  countryEntity(iso: string): NamedEntity | undefined {
    if (!this.countries) {
      this.countries = new Map();
      for (const e of this.byId.values())
        if (e.level === 'country' && e.country && !this.countries.has(e.country)) this.countries.set(e.country, e);
    }
    return this.countries.get(iso);
  }

  /** Whether an id is a town of the shipped list, stored as an entity or not. */
  shippedTown(id: string): boolean {
    return this.towns?.countryOf(id) !== undefined;
  }

  /**
   * A shipped town named once, of a country the text does not otherwise name (`countries`): a word or a surname
   * ("consejero de Fomento", "das Areal"), not the town.
   */
  townAbroad(id: string, timesNamed: number, countries: ReadonlySet<string | undefined>): boolean {
    return timesNamed === 1 && this.shippedTown(id) && !countries.has(this.countryOf(id));
  }

  /** Whether an id is one of the shipped towns (the caller stores it as an entity once the news names it). */
  town(id: string): Town | undefined {
    return this.byId.has(id) || this.notTowns.has(id) ? undefined : this.towns?.town(id);
  }

  /** The entity a folded name (names.ts's key: "equinix", "digitalrealty") stands for, if any. */
  known(key: string): NamedEntity | undefined {
    const town = this.towns?.find(key);
    return this.byKey.get(key) ?? this.byKey.get(key.replace(/\s+/g, '')) ?? (town ? this.entity(town.id) : undefined);
  }

  private add(name: string, entity: NamedEntity): void {
    if (!name) return;
    if (LATIN_ONLY.test(name) && !HAS_OTHER_SCRIPT.test(name)) {
      const tokens = tokenize(name, 'ru');
      if (!tokens.length) return;
      const words = tokens.map((t) => t.key);
      // A name of one letter once its signs are left out ("e&") would take every "E" of a text.
      if (words.join('').length < 2) return;
      const phrase: Phrase = { words, exact: tokens.map((t) => exactForm(t.raw, tokens.length === 1)), entity };
      const only = tokens.length === 1 ? asWritten(tokens[0]!.raw) : '';
      if (only && [...only].length <= 3) phrase.short = only;
      // Keyed by the first two words: thousands of towns share a first word ("San", "La").
      const head = phraseHead(words[0]!, words[1]);
      const list = this.phrases.get(head) ?? [];
      list.push(phrase);
      this.phrases.set(head, list);
      const key = words.join(' ');
      if (!this.byKey.has(key)) this.byKey.set(key, entity);
      if (!this.byKey.has(words.join(''))) this.byKey.set(words.join(''), entity);
      // Towns (common places: tens of thousands of them) are met as written, never by stem or split spelling.
      const town = entity.common && entity.kind === 'place';
      if (town) return;
      if (words.length === 1 && words[0]!.length >= 6 && !this.solid.has(words[0]!)) this.solid.set(words[0]!, entity);
      if (words.length === 1 && words[0]!.length >= 5 && phrase.exact[0] === null)
        for (const stem of nameKeys(words[0]!)) if (!this.stems.has(stem)) this.stems.set(stem, entity);
      return;
    }
    const folded = foldLetters(name);
    const list = this.inScript.get(folded[0]!) ?? [];
    list.push({ name: folded, entity, katakana: KATAKANA.test(folded), wordStart: startsAWord(name) });
    this.inScript.set(folded[0]!, list);
  }

  /**
   * The entities a sentence surely names, in the order they occur. `headline`: the sentence is a title (a Title Case
   * title names no common-word entity surely); a common-word entity is never surely named by a sentence's first word.
   */
  mentions(sentence: string, language: string, headline = false): Mention[] {
    return this.allMentions(sentence, language, headline).filter((m) => m.sure);
  }

  /** Mentions with the doubtful ones (see `Mention.sure`), for a caller that knows the rest of the article. */
  allMentions(sentence: string, language: string, headline = false): Mention[] {
    const lang = localeDataLanguage(language);
    // A text without a capital (a title taken from its address) is read as a caseless script is.
    const lowerCase = !/\p{Lu}/u.test(sentence);
    const caseless = CASELESS.has(lang) || lowerCase;
    const inflecting = INFLECTING.has(lang);
    const tokens = tokenize(sentence, lang);
    const titleCase = headline && isTitleCase(tokens);
    const out: Mention[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const hit =
        this.phraseAt(tokens, i, caseless) ??
        this.splitAt(tokens, i, caseless) ??
        (inflecting ? this.stemAt(tokens[i]!) : undefined) ??
        this.townAt(tokens, i, caseless) ??
        (inflecting ? this.inflectedTownAt(tokens[i]!, lang) : undefined) ??
        (GENITIVE_S.has(lang) && !caseless ? this.genitiveAt(tokens[i]!, lang) : undefined);
      if (!hit) continue;
      const { entity, length } = hit;
      // A town of the GeoNames list (a common place) is a word of its own: next to another capitalised word it is part
      // of a longer name ("Brad Smith", "Hoa Lac", "Villanueva de Gállego"), not the town.
      if (entity.common && entity.kind === 'place' && !caseless && partOfLongerName(sentence, tokens, i, length, lang)) {
        i += length - 1;
        continue;
      }
      // A one-syllable Vietnamese place between two capitalised syllables is a person's middle name ("Tào Đức Thắng").
      if (lang === 'vi' && entity.kind === 'place' && length === 1 && !caseless && insideName(sentence, tokens, i)) continue;
      // A country's acronym written onto a currency sign or a compound ("US$10 billion", "US-Konzern", "UK-based")
      // says where money or a company comes from, not a place the story is about, as an adjective does (Hungarian
      // writes its case endings so: "USA-ban" is "in the USA").
      if (entity.kind === 'place' && length === 1 && lang !== 'hu' && attributiveAcronym(sentence, tokens[i]!)) continue;
      const doubtful = entity.common && length === 1 && (i === 0 || titleCase || lowerCase || !/^\p{Lu}/u.test(tokens[i]!.raw));
      if (doubtful && !lowerCase && i > 0 && !titleCase) continue;
      out.push({ id: entity.id, kind: entity.kind, start: tokens[i]!.start, end: tokens[i + length - 1]!.end, sure: !doubtful });
      i += length - 1;
    }
    if (HAS_OTHER_SCRIPT.test(sentence)) {
      const inScript = this.inScriptMentions(sentence);
      out.push(...inScript);
      if (HANGUL.test(sentence)) out.push(...this.hangulTowns(sentence, inScript));
    }
    return out
      .filter((m) => !(m.kind === 'place' && this.byId.get(m.id)?.level === 'country' && namesNoPlace(sentence, m)))
      .sort((a, b) => a.start - b.start);
  }

  private phraseAt(tokens: Token[], i: number, caseless: boolean): { entity: NamedEntity; length: number } | undefined {
    const second = tokens[i + 1]?.key;
    // The phrases keyed by the first two words, then those keyed by the first word alone (longest first within each).
    return (
      (second ? this.phraseIn(this.phrases.get(phraseHead(tokens[i]!.key, second)), tokens, i, caseless) : undefined) ??
      this.phraseIn(this.phrases.get(phraseHead(tokens[i]!.key)), tokens, i, caseless)
    );
  }

  private phraseIn(
    candidates: Phrase[] | undefined,
    tokens: Token[],
    i: number,
    caseless: boolean,
  ): { entity: NamedEntity; length: number } | undefined {
    if (!candidates) return undefined;
    for (const phrase of candidates) {
      const { words, exact } = phrase;
      if (i + words.length > tokens.length) continue;
      if (phrase.short !== undefined && asWritten(tokens[i]!.raw) !== phrase.short) continue;
      let all = true;
      for (let k = 0; k < words.length && all; k++) {
        const token = tokens[i + k]!;
        // Words after the first of a phrase may be written in lower case ("Digital realty", "Iron mountain" never are,
        // but "Amazon Web Services" and "amazon web services" in a URL title are): only the first needs its capital.
        all =
          token.key === words[k] &&
          (k === 0 ? writtenAs(token, exact[k]!, caseless) : exact[k] === null || writtenAs(token, exact[k]!, caseless));
      }
      if (all) return { entity: phrase.entity, length: words.length };
    }
    return undefined;
  }

  /** A shipped town, its longest name first (up to four words), each word written with a capital. */
  private townAt(tokens: Token[], i: number, caseless: boolean): { entity: NamedEntity; length: number } | undefined {
    if (!this.towns || !(caseless || /^\p{Lu}/u.test(tokens[i]!.raw))) return undefined;
    // The keys of the first one to four words, built once ("san", "san jose", ...), tried longest first.
    const keys: string[] = [];
    let key = '';
    for (let k = i; k < Math.min(i + TOWN_WORDS, tokens.length); k++)
      keys.push((key = k === i ? tokens[k]!.key : `${key} ${tokens[k]!.key}`));
    for (let length = keys.length; length >= 1; length--) {
      const town = this.towns.find(keys[length - 1]!);
      const entity = town ? this.entity(town.id) : undefined;
      // A short name only with its own accents, as for phrases ("Chủ" is not the town of Chu).
      if (entity && length === 1 && !shortAsWritten(tokens[i]!.raw, [entity.name, ...entity.aliases])) continue;
      if (entity) return { entity, length };
    }
    return undefined;
  }

  /**
   * A one-word town of the language's own country with a case ending ("Kajaanissa", "Warszawie"), written with a
   * capital: a stem may be another country's town ("Mostě" is Most, not Mosta in Malta).
   */
  private inflectedTownAt(token: Token, language: string): { entity: NamedEntity; length: number } | undefined {
    if (!this.towns || token.key.length < 5 || !/^\p{Lu}/u.test(token.raw)) return undefined;
    const country = countryOfLanguage(language);
    for (const stem of placeStems(token.key)) {
      const town = this.towns.find(stem);
      if (!town || town.country !== country) continue;
      const entity = this.entity(town.id);
      if (entity) return { entity, length: 1 };
    }
    return undefined;
  }

  /** A one-word name written as two capitalised words next to each other ("Cyrus One", "Data Volt"). */
  private splitAt(tokens: Token[], i: number, caseless: boolean): { entity: NamedEntity; length: number } | undefined {
    const [first, second] = [tokens[i]!, tokens[i + 1]];
    // One character between them: a space or a hyphen.
    if (!second || second.start - first.end !== 1) return undefined;
    const entity = this.solid.get(first.key + second.key);
    if (!entity) return undefined;
    const capital = (t: Token) => /^[\p{Lu}\d]/u.test(t.raw);
    return caseless || (capital(first) && capital(second)) ? { entity, length: 2 } : undefined;
  }

  /**
   * A one-word place in the genitive of the languages that write it with an s ("Europas größtes Softwarehaus",
   * "Frankfurts Rechenzentren", "Nederlands grootste", "Norges største"): a known place, or a town of the language's
   * own country, written with a capital.
   */
  private genitiveAt(token: Token, language: string): { entity: NamedEntity; length: number } | undefined {
    if (token.key.length < 5 || !token.key.endsWith('s') || !/^\p{Lu}/u.test(token.raw)) return undefined;
    const stem = token.key.slice(0, -1);
    const phrase = this.phrases.get(phraseHead(stem))?.find((p) => p.words.length === 1 && p.entity.kind === 'place');
    if (phrase) return { entity: phrase.entity, length: 1 };
    const town = this.towns?.find(stem);
    if (!town || town.country !== countryOfLanguage(language)) return undefined;
    const entity = this.entity(town.id);
    return entity ? { entity, length: 1 } : undefined;
  }

  private stemAt(token: Token): { entity: NamedEntity; length: number } | undefined {
    if (token.key.length < 5 || !/^\p{Lu}/u.test(token.raw)) return undefined;
    for (const key of nameKeys(token.key)) {
      const entity = this.stems.get(key);
      if (entity) return { entity, length: 1 };
    }
    return undefined;
  }

  /**
   * Korean towns, which GeoNames names in Latin letters only: a Hangul word without its particle, romanized (Revised
   * Romanization, es-hangul), is looked up among the Korean towns. With an administrative suffix ("안산시", "분당구에",
   * "안산시장") it surely names the town; alone ("안산에") it may be a common word (전주 is also "the week before"), kept
   * when the article names the town surely elsewhere. Words an in-script name already covers are left alone.
   */
  private hangulTowns(sentence: string, taken: readonly Mention[]): Mention[] {
    const towns = this.towns;
    if (!towns) return [];
    const out: Mention[] = [];
    for (const m of sentence.matchAll(HANGUL_WORD)) {
      const start = m.index;
      if (taken.some((t) => t.start < start + m[0].length && start < t.end)) continue;
      const word = m[0].replace(KOREAN_PARTICLE, '') || m[0];
      const suffixed = KOREAN_ADMIN.exec(word);
      const stem = suffixed ? suffixed[1]! : word;
      if (stem.length < 2) continue;
      const town = towns.find(romanized(stem));
      if (!town || town.country !== 'KR' || this.notTowns.has(town.id)) continue;
      const entity = this.entity(town.id);
      if (entity) out.push({ id: entity.id, kind: entity.kind, start, end: start + stem.length, sure: Boolean(suffixed) });
    }
    return out;
  }

  private inScriptMentions(sentence: string): Mention[] {
    const { folded, origin } = foldedWithOrigin(sentence);
    const out: Mention[] = [];
    for (let i = 0; i < folded.length; i++) {
      const candidates = this.inScript.get(folded[i]!);
      if (!candidates) continue;
      for (const { name, entity, katakana, wordStart } of candidates) {
        if (!folded.startsWith(name, i)) continue;
        const before = folded[i - 1] ?? ' ';
        const after = folded[i + name.length] ?? ' ';
        if (katakana && (KATAKANA_CHAR.test(before) || KATAKANA_CHAR.test(after))) continue;
        if (wordStart && LETTER.test(before)) continue;
        // A mixed name that starts in Latin letters ("sk하이닉스") starts a word.
        if (/^\p{Script=Latin}/u.test(name) && LETTER.test(before)) continue;
        out.push({ id: entity.id, kind: entity.kind, start: origin[i]!, end: origin[i + name.length]!, sure: true });
        i += name.length - 1;
        break;
      }
    }
    return out;
  }
}

/**
 * A sentence folded, with each folded character's index in the sentence: folding decomposes Hangul syllables into
 * their letters and drops marks, so a name found in the folded text is mapped back to where the sentence writes it.
 */
function foldedWithOrigin(sentence: string): { folded: string; origin: number[] } {
  const folded = foldLetters(sentence);
  if (folded.length === sentence.length) return { folded, origin: [...Array(sentence.length + 1).keys()] };
  let byChar = '';
  const origin: number[] = [];
  for (let j = 0; j < sentence.length;) {
    const char = String.fromCodePoint(sentence.codePointAt(j)!);
    const f = foldLetters(char);
    byChar += f;
    for (let k = 0; k < f.length; k++) origin.push(j);
    j += char.length;
  }
  origin.push(sentence.length);
  // Folding character by character gives the same text but for rare context rules (a final sigma): then, as before.
  return byChar === folded
    ? { folded, origin }
    : { folded, origin: [...Array(folded.length + 1).keys()].map((i) => Math.min(i, sentence.length)) };
}

const countries = new Map<string, string | undefined>();

/** The country a language is most spoken in, by ICU's likely subtags ("fi" -> "FI", "cs" -> "CZ"). */
export function countryOfLanguage(language: string): string | undefined {
  if (!countries.has(language)) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(language).maximize().region;
    } catch {
      region = undefined;
    }
    countries.set(language, region);
  }
  return countries.get(language);
}

const HANGUL = /\p{Script=Hangul}/u;
const HANGUL_WORD = /\p{Script=Hangul}+/gu;
/**
 * A Korean place name's administrative suffix (city, county, district, province; special and metropolitan city), and
 * what may follow it in one word: mayor, council, city hall, citizens.
 */
const KOREAN_ADMIN = /^(\p{Script=Hangul}+?)(?:특별자치시|특별자치도|광역시|특별시|시|군|구|도)(?:장|의회|청|민)?$/u;
const romanizedCache = new Map<string, string>();

/** A Hangul word in Latin letters as GeoNames writes Korean towns ("안산" -> "ansan"), cached. */
function romanized(word: string): string {
  let latin = romanizedCache.get(word);
  if (latin === undefined) {
    if (romanizedCache.size > 10_000) romanizedCache.clear();
    romanizedCache.set(word, (latin = foldLetters(romanize(word))));
  }
  return latin;
}

/** The most words of a town's name (longer ones are met by their first words, or not at all). */
const TOWN_WORDS = 4;

interface TownLookup {
  /** The town a name's word key names ("san jose"), with its country. */
  find(key: string): { id: string; country: string } | undefined;
  town(id: string): Town | undefined;
  /** A shipped town's country, by its id, without making the town. */
  countryOf(id: string): string | undefined;
  entity(id: string): NamedEntity | undefined;
}

const lookups = new WeakMap<TownTable, TownLookup>();

/** Each town by its names' word keys (as a text's words are keyed), built once per table. */
function townLookup(towns: TownTable): TownLookup {
  const cached = lookups.get(towns);
  if (cached) return cached;
  const keys: [string, number][] = [];
  let n = 0;
  for (const town of towns) {
    for (const name of [town.name, ...(town.aliases ?? [])]) {
      const key = tokenize(name, 'ru')
        .map((t) => t.key)
        .join(' ');
      if (key.length >= 3) keys.push([key, n]);
    }
    n++;
  }
  const byKey = new PackedIndex(keys);
  // The towns the news has named, as entities (a few hundred of the thousands).
  const entities = new Map<string, NamedEntity>();
  const lookup: TownLookup = {
    find(key) {
      const i = byKey.get(key);
      return i === undefined ? undefined : { id: towns.idAt(i), country: towns.countryAt(i) };
    },
    town: (id) => towns.get(id),
    countryOf(id) {
      const i = towns.indexOf(id);
      return i === undefined ? undefined : towns.countryAt(i);
    },
    entity(id) {
      let entity = entities.get(id);
      if (entity) return entity;
      const town = towns.get(id);
      if (!town) return undefined;
      entities.set(id, (entity = { id, kind: 'place', level: 'city', name: town.name, aliases: town.aliases ?? [], common: true }));
      return entity;
    },
  };
  lookups.set(towns, lookup);
  return lookup;
}

/** An acronym in capitals (US, UK, EU, VAE) followed at once by a currency sign, or by a hyphen and a word. */
function attributiveAcronym(sentence: string, token: Token): boolean {
  if (!/^\p{Lu}{2,3}$/u.test(token.raw)) return false;
  const after = sentence.slice(token.end, token.end + 2);
  return /^\s?\p{Sc}/u.test(after) || /^[-‐‑]\p{L}/u.test(after);
}

/** A currency named by its country, the country written before or after it ("dolar Amerika Serikat", "अमेरिकी डॉलर"). */
const CURRENCY_BEFORE = new RegExp(`(?:${DOLLAR_WORDS})\\s*$`, 'iu');
const CURRENCY_AFTER = new RegExp(`^\\s*(?:${DOLLAR_WORDS})`, 'iu');
/** A company described by its home country ("US tech giant Google", "U.S. asset manager, Blackstone", "the US company"). */
const HOME_OF_COMPANY =
  /^\s*(?:(?:tech(?:nology)?|internet|software|cloud|chip|energy|investment|private[- ]equity|e-commerce)\s+)?(?:giants?|company|companies|firms?|groups?|multinationals?|conglomerates?|corporations?|asset\s+managers?|investors?|funds?|operators?|providers?|hyperscalers?|chipmakers?|developers?)\b/iu;

/**
 * A country that names no place of the story: the country of a currency ("8 juta dolar Amerika Serikat", "долларов
 * США") or a company's home ("US tech giant Google"). A story about Poland need not be about the United States.
 */
function namesNoPlace(sentence: string, m: Mention): boolean {
  const before = sentence.slice(Math.max(0, m.start - 16), m.start);
  const after = sentence.slice(m.end, m.end + 40);
  return CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after) || HOME_OF_COMPANY.test(after);
}

function phraseHead(first: string, second?: string): string {
  return second === undefined ? first : `${first} ${second}`;
}

/** Particles inside place and person names ("Villanueva de Gállego", "Frankfurt am Main", "Leonardo da Vinci"). */
const NAME_PARTICLE = /^(?:de|del|de la|la|le|les|los|las|da|do|dos|das|di|am|an|der|den|van|von|y|e|i|al|el|sur|upon|on)$/iu;

/** Whether the words i..i+length-1 sit next to another capitalised word, or to one across a name particle. */
function partOfLongerName(sentence: string, tokens: Token[], i: number, length: number, language: string): boolean {
  const capital = (t: Token | undefined) => t !== undefined && /^\p{Lu}/u.test(t.raw);
  const gap = (a: Token, b: Token) => sentence.slice(a.end, b.start);
  const word = tokens[i - 1];
  // German writes every noun with a capital: "die Stadt Hanau", "der Standort Hanau" name the town.
  const before = word && language === 'de' && GERMAN_PLACE_HEADS.has(word.raw) ? undefined : word;
  const after = tokens[i + length];
  const last = tokens[i + length - 1]!;
  if (before && capital(before) && /^[ -]$/.test(gap(before, tokens[i]!)) && i - 1 > 0) return true;
  if (after && capital(after) && /^[ -]$/.test(gap(last, after))) return true;
  const particle = after && NAME_PARTICLE.test(after.raw) ? tokens[i + length + 1] : undefined;
  if (particle && capital(particle) && /^ $/.test(gap(last, after!))) return true;
  const beforeParticle = before && NAME_PARTICLE.test(before.raw) ? tokens[i - 2] : undefined;
  return Boolean(beforeParticle && capital(beforeParticle) && i - 2 > 0 && /^ $/.test(gap(before!, tokens[i]!)));
}

/**
 * German nouns that introduce a place by its name ("Stadt Hanau", "Landkreis Offenbach", "Standort Griesheim"),
 * in their written forms: capitalised as every German noun, they are not part of a longer name.
 */
const GERMAN_PLACE_HEADS: ReadonlySet<string> = new Set(
  (
    'Stadt Städte Großstadt Kreisstadt Hauptstadt Landeshauptstadt Gemeinde Kommune Ort Ortsteil Stadtteil Stadtteils ' +
    'Bezirk Stadtbezirk Kreis Landkreis Landkreises Region Großraum Raum Metropole Metropolregion Standort Standorts ' +
    'Standorte Nachbarstadt Nachbargemeinde Gewerbegebiet Industriegebiet Campus Rechenzentrum Bundesland'
  ).split(' '),
);

/** A word as written, accents kept: composed, in lower case, without dots. */
function asWritten(raw: string): string {
  return raw.normalize('NFC').replace(/\./g, '').toLowerCase();
}

/** A word of more than three letters, or one written with the letters and accents of one of `names`. */
function shortAsWritten(raw: string, names: readonly string[]): boolean {
  const word = asWritten(raw);
  return [...word].length > 3 || names.some((n) => asWritten(n) === word);
}

/** Whether word i has a capitalised word right before and right after it, a space apart. */
function insideName(sentence: string, tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  const capitalNear = (t: Token | undefined, gap: (t: Token) => string) => t !== undefined && /^\p{Lu}/u.test(t.raw) && gap(t) === ' ';
  return (
    capitalNear(before, (t) => sentence.slice(t.end, tokens[i]!.start)) &&
    capitalNear(after, (t) => sentence.slice(tokens[i]!.end, t.start))
  );
}

/** A headline in Title Case capitalises its common words too. */
function isTitleCase(tokens: Token[]): boolean {
  const long = tokens.filter((t) => /^\p{Script=Latin}{4,}$/u.test(t.raw));
  return long.length >= 4 && long.filter((t) => /^\p{Lu}/u.test(t.raw)).length / long.length >= 0.7;
}
