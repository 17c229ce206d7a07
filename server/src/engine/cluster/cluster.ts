import type { Anchors } from '../language/anchors.js';
import { BANDS, banded, bandKey, PERMUTATIONS, ROWS, similarity } from '../intake/minhash.js';
import { nameKeys } from '../language/name-keys.js';
import { placesOf } from '../language/names.js';
import { Int32Pool, KeyPostings } from './postings.js';
import { significantDigits } from '../language/quantities.js';
import { PAIR_FEATURES, type PairModel, pairModel, pairProbability, sameAmount } from './pair-score.js';

export interface ClusterArticle {
  id: string;
  /** Its outlet: two articles of one outlet are seldom one event told twice. */
  sourceId: string;
  publishedAt: Date;
  signature: number[];
  anchors: Anchors;
  /** The article's language; a text in a script other than Latin may name no one the index can read. */
  language?: string;
}

export interface StoryMatch {
  storyId: string;
  reason: 'text' | 'anchors';
  /** The probability that the article and the story's best-matching article are one event (pair-score.ts). */
  score: number;
  /** The story's article that matched best. */
  articleId: string;
}

/**
 * An article as the index compares it, packed in one Int32Array (docs/decisions/516): its key strings are
 * interned to ids once per index, and each kind of key is a section of the array, sets sorted by id so that two
 * articles are compared by merging or searching sorted runs. `data[s]` and `data[s + 1]` are where section `s`
 * starts and ends; the sections are listed below. The arrays are views of the index's pool (docs/decisions/533).
 */
type Keys = Int32Array;
/** Quantities then telling counts (`n:2300`), as stated: what two articles may share as figures. */
const FIGURES = 0;
/** The unit of each figure of FIGURES (`mw`, `eur`, `n`, ...), at the same position. */
const FIGURE_UNITS = 1;
/** FIGURES as a sorted set, without the boilerplate ones. */
const FIGURE_SET = 2;
/** Figures with two significant digits or more (€850 million, 47.5 MW, 2,300 servers): a round one tells less. */
const TELLING_FIGURES = 3;
/** Every match key of its names, of its maybe-names, and of both. */
const NAME_KEYS = 4;
const MAYBE_KEYS = 5;
const ANY_NAME_KEYS = 6;
const PLACES = 7;
const YEARS = 8;
/** Days of a month (`--11-23`). */
const DAYS = 9;
const WEEKDAYS = 10;
/** Concepts of the field, as the ids of `concept:<id>` (the key their stories are counted under). */
const CONCEPTS = 11;
/**
 * Quantities of the units that name an event's size, by unit: groups of [unit, n, n sorted values]. Two
 * articles stating different figures of one such unit differ.
 */
const UNITS = 12;
/** Each name with its match keys (skeleton and stems: see name-keys.ts): groups of [n, n keys], first key first. */
const NAMES = 13;
const MAYBE_NAMES = 14;
/** One value: 1 when the text is in a script whose names may not be read. */
const UNREADABLE = 15;
/** Content words of the headline and lead (terms.ts), as a sorted set. */
const TERMS = 16;
/** Every match key of the headline's names that are not places (Anchors.headline). */
const HEADLINE = 17;
/** The stages of an event the headline names (`stage:opening`). */
const STAGES = 18;
/** Every name of the headline, places too, each with its match keys: groups of [n, n keys] (as NAMES). */
const HEADLINE_NAMES = 19;
/** The places the headline names and their countries, as a sorted set. */
const HEADLINE_PLACES = 20;
/** The MinHash signature, its unsigned values as signed 32-bit integers (none at all for a text without shingles). */
const SIGNATURE = 21;
const SECTIONS = 22;

/** An article about to be compared, with what its comparisons read once (see StoryIndex.probe). */
interface Probe {
  keys: Keys;
  /** Positions in `keys` of its telling names, its maybe-names, and its names that many stories carry. */
  names: number[];
  maybe: number[];
  common: number[];
  /** Its concepts that few stories carry. */
  concepts: number[];
  time: number;
  year: number;
  source: number;
  language: number;
}

/** An article of the index (a small fixed shape: the index looks it up for every candidate). */
interface Member {
  id: string;
  storyId: string;
  time: number;
  /** Its source and language, as interned ids. */
  source: number;
  language: number;
  keys: Keys;
}

/** Articles of a posting, by their number in the index: one number alone, or an array in the order they came. */
type Posting = number | number[];

/**
 * How well an article matches a story on the whole: the median of its probabilities with the story's articles of
 * the window. With one or two articles it is their mean (a look-alike matching one of two does not join); with
 * more, a report that matches most of the story well joins although some of its reports say little of what it
 * says (a regional report at 0.998 and 0.996 with two reports, 0.54 and 0.18 with two short ones: the mean, 0.68,
 * refused it). Dev half: split 11 -> 10 of 53, same-language pair F1 0.912 -> 0.928 with no new false pair.
 */
export function storyLinkage(scores: readonly number[]): number {
  const sorted = [...scores].sort((a, b) => a - b);
  const h = sorted.length >> 1;
  return sorted.length % 2 ? sorted[h]! : (sorted[h - 1]! + sorted[h]!) / 2;
}

/** A second story is joined only when the article matches it nearly as well as its best one. */
const MERGE_SCORE = 0.75;
export const TEXT_MATCH = 0.5;
export const WIRE_COPY = 0.7;
/** Two articles published further apart are not compared: a follow-up weeks later is another story. */
const WINDOW_MS = 7 * 86_400_000;
const MAX_POSTING = 100;
/** How many of a story's latest articles its linkage (median probability) is taken over. */
const LINKAGE_ARTICLES = 24;
/** A content word carried by more stories than this finds no candidate by itself (it is still weighed). */
const TERM_CANDIDATE_STORIES = 8;
/** Figures in nearly every article of the field, which say nothing about which event ("100% renewable"). */
const BOILERPLATE = new Set(['pct:100']);
/**
 * Units whose figures name an event's size (power, energy, area, money): two reports of one event state the
 * same. Percentages, temperatures and counts vary too much between reports to tell two events apart.
 */
const TELLING_UNITS = /^(?:mw|mwh|mva|m2|[a-z]{3})$/;
const NOT_SIZES = new Set(['pct', 'tbps']);
/** Languages written in scripts where the gazetteer may be the only names read (katakana, hangul, Arabic ...). */
const NON_LATIN = new Set(['ja', 'zh', 'ko', 'ar', 'fa', 'he', 'hi', 'bn', 'th', 'ru', 'uk', 'bg', 'sr', 'el']);

/**
 * Assigns articles to stories. Same event = near-duplicate text (MinHash, same language or translated), or,
 * across languages, shared anchors with one article of the story, within 72 hours, by these rules (N telling
 * names, Q figures (quantities and telling counts), D days of a month, W weekdays, Y years shared;
 * docs/decisions/210):
 * - N >= 2 and Q >= 1; N >= 1 and Q >= 2; N >= 3 and a shared day, weekday or year (the rules of decision 203);
 * - N >= 1 and one figure precise enough to be telling (two significant digits or more: €850 million, 47.5 MW);
 * - N >= 1, Q >= 1 and the same day or weekday;
 * - N >= 2 and the same day of a month (unless they state different figures of one unit);
 * - N >= 1, the same day of a month (a weekday is not enough) and the same telling concept of the field (when a
 *   lexicon provides concepts): two victims of one ransomware gang on one Tuesday stay apart;
 * - when one of the two is written in a script whose names may not be read (no name shared): two figures of
 *   different units, one of them telling.
 * No anchor rule joins two articles that name places in different countries, and the rules with one figure
 * or none do not join articles that state different figures of the same unit (two sites of one company, one week).
 * Articles are compared pair by pair, never with the union of a story's anchors, so a big story does not
 * swallow every article that shares a city and a round number with one of its members. Names carried by
 * many stories (a hyperscaler, a country) do not count as evidence.
 */
export class StoryIndex {
  private readonly members: Member[] = [];
  /** Each article's number in `members`. */
  private readonly numbers = new Map<string, number>();
  private readonly storyIds = new Set<string>();
  /** Each story's articles, by their number in `members`. */
  private readonly storyMembers = new Map<string, number[]>();
  /** Key strings interned once per index: an article's keys are these ids. */
  private readonly ids = new Map<string, number>();
  private readonly boilerplate: Set<number>;
  /**
   * Articles by band (`bandKey`: a key may hold articles whose band differs, told apart row by row). Nearly every
   * band is one article's alone: kept in typed arrays, not a Map entry each (docs/decisions/533).
   */
  private readonly bands: KeyPostings;
  private readonly byQuantity = new Map<number, Posting>();
  private readonly byName = new Map<number, Posting>();
  private readonly byTerm = new Map<number, Posting>();
  /** Each interned key by its id (figures are read back as unit and value). */
  private readonly keyNames: string[] = [];
  /**
   * The names and concepts (by their first key) each story carries, and how many stories carry each, to tell a
   * common name from a telling one.
   */
  private readonly storyKeys = new Map<string, number[]>();
  private storyCounts = new Int32Array(1024);
  /** Names some article wrote as a name (not only as a capitalised German noun). */
  private readonly knownNames = new Set<number>();
  private readonly keyCache = new WeakMap<ClusterArticle, Keys>();
  private readonly pool = new Int32Pool();

  constructor(private readonly model: PairModel = pairModel()) {
    this.bands = new KeyPostings(1024 * BANDS);
    this.boilerplate = new Set([...BOILERPLATE].map((f) => this.id(f)));
  }

  /** Room for `articles` more articles, made at once (a pass knows how many it will place). */
  reserve(articles: number): void {
    this.bands.reserve(articles * BANDS);
  }

  get size(): number {
    return this.storyIds.size;
  }

  add(storyId: string, article: ClusterArticle): void {
    this.storyIds.add(storyId);
    const keys = this.keysOf(article);
    const known = this.numbers.get(article.id);
    const number = known ?? this.members.length;
    if (known !== undefined) {
      const list = this.storyMembers.get(this.members[known]!.storyId);
      if (list?.includes(known)) list.splice(list.indexOf(known), 1);
    }
    let list = this.storyMembers.get(storyId);
    if (!list) this.storyMembers.set(storyId, (list = []));
    list.push(number);
    this.members[number] = {
      id: article.id,
      storyId,
      time: article.publishedAt.getTime(),
      source: this.id(`source:${article.sourceId}`),
      language: this.id(`language:${(article.language ?? '').split('-')[0]!}`),
      keys,
    };
    if (known === undefined) this.numbers.set(article.id, number);
    const again = known !== undefined;
    if (banded(article.signature)) for (let b = 0; b < BANDS; b++) this.bands.add(bandKey(article.signature, b), number, again);
    for (let i = keys[FIGURES]!; i < keys[FIGURES + 1]!; i++) addTo(this.byQuantity, keys[i]!, number, again);
    for (let i = keys[NAME_KEYS]!; i < keys[NAME_KEYS + 1]!; i++) addTo(this.byName, keys[i]!, number, again);
    for (let i = keys[MAYBE_KEYS]!; i < keys[MAYBE_KEYS + 1]!; i++) addTo(this.byName, keys[i]!, number, again);
    for (const section of [NAMES, MAYBE_NAMES]) {
      for (let p = keys[section]!; p < keys[section + 1]!; p += keys[p]! + 1) this.count(keys[p + 1]!, storyId);
    }
    for (let p = keys[NAMES]!; p < keys[NAMES + 1]!; p += keys[p]! + 1) this.knownNames.add(keys[p + 1]!);
    for (let i = keys[CONCEPTS]!; i < keys[CONCEPTS + 1]!; i++) this.count(keys[i]!, storyId);
    for (let i = keys[TERMS]!; i < keys[TERMS + 1]!; i++) {
      this.count(keys[i]!, storyId);
      addTo(this.byTerm, keys[i]!, number, again);
    }
  }

  find(article: ClusterArticle): StoryMatch | null {
    return this.findAll(article)[0] ?? null;
  }

  /** Every story the article matches, the best first (each by its best-matching article). */
  findAll(article: ClusterArticle): StoryMatch[] {
    const similar = new Set<number>();
    const signature = article.signature;
    for (let b = 0; b < BANDS && banded(signature); b++) {
      const sharing: number[] = [];
      this.bands.forEach(bandKey(signature, b), (n) => {
        if (sameBand(this.members[n]!.keys, signature, b)) sharing.push(n);
      });
      // A band shared by that many articles is boilerplate ("subscribe to our newsletter"), not one event.
      if (sharing.length <= MAX_POSTING) for (const n of sharing) similar.add(n);
    }
    const probe = this.probe(article);
    const { keys, names, maybe } = probe;
    const unreadable = keys[keys[UNREADABLE]!] === 1;
    const candidates = new Set<number>();
    // Candidates share a figure, a telling name or a rare content word; the model weighs them all.
    for (let i = keys[FIGURES]!; i < keys[FIGURES + 1]!; i++) {
      const posting = this.byQuantity.get(keys[i]!);
      // A figure that dozens of recent articles state ("100 MW") finds no event by itself.
      if (posting !== undefined && sizeOf(posting) <= MAX_POSTING) addAll(candidates, posting);
    }
    for (const list of [names, maybe]) {
      for (const p of list) {
        for (let i = p + 1; i <= p + keys[p]!; i++) {
          const posting = this.byName.get(keys[i]!);
          if (posting !== undefined && sizeOf(posting) <= MAX_POSTING) addAll(candidates, posting);
        }
      }
    }
    for (let i = keys[TERMS]!; i < keys[TERMS + 1]!; i++) {
      const term = keys[i]!;
      if ((this.storyCounts[term] ?? 0) > TERM_CANDIDATE_STORIES) continue;
      const posting = this.byTerm.get(term);
      if (posting !== undefined) addAll(candidates, posting);
    }
    const best = new Map<string, StoryMatch>();
    const self = this.numbers.get(article.id);
    const model = this.model;
    const features = new Float64Array(PAIR_FEATURES.length);
    // Each member is scored once: the linkage below reads the candidates' scores again.
    const scores = new Map<number, number>();
    const texts = new Map<number, number>();
    const scoreOf = (number: number, m: Member) => {
      let score = scores.get(number);
      if (score === undefined) {
        // MinHash is only worth comparing where LSH says the texts may be close.
        const text = similar.has(number) ? packedSimilarity(m.keys, keys) : 0;
        this.features(probe, m, text, unreadable, features);
        scores.set(number, (score = pairProbability(features, model)));
        texts.set(number, text);
      }
      return score;
    };
    const consider = (number: number) => {
      if (number === self) return;
      const m = this.members[number]!;
      if (Math.abs(probe.time - m.time) > WINDOW_MS) return;
      const score = scoreOf(number, m);
      if (score < model.threshold) return;
      const previous = best.get(m.storyId);
      if (!previous || score > previous.score)
        best.set(m.storyId, {
          storyId: m.storyId,
          reason: (texts.get(number) ?? 0) >= TEXT_MATCH ? 'text' : 'anchors',
          score,
          articleId: m.id,
        });
    };
    for (const number of similar) consider(number);
    for (const number of candidates) if (!similar.has(number)) consider(number);
    // A story is joined when the article matches its articles on the whole, not only one of them: the median
    // probability over its articles of the window (`storyLinkage`) keeps one look-alike from bridging two events.
    for (const [storyId, match] of best) {
      const got: number[] = [];
      const list = this.storyMembers.get(storyId) ?? [];
      // The story's latest articles (a big story is judged by its recent reports, at a bounded cost).
      for (let i = list.length - 1; i >= 0 && got.length < LINKAGE_ARTICLES; i--) {
        const number = list[i]!;
        if (number === self) continue;
        const m = this.members[number]!;
        if (Math.abs(probe.time - m.time) > WINDOW_MS) continue;
        got.push(scoreOf(number, m));
      }
      const linkage = got.length ? storyLinkage(got) : match.score;
      if (linkage < model.storyThreshold) best.delete(storyId);
      else match.score = (match.score + linkage) / 2;
    }
    // Ties by id in code-point order: a locale comparison would map ICU collation data into the pass for nothing.
    return [...best.values()].sort((a, b) => b.score - a.score || (a.storyId < b.storyId ? -1 : a.storyId > b.storyId ? 1 : 0));
  }

  /**
   * The features of an article (placed or not) against a stored one, in PAIR_FEATURES order: what the fit of
   * the pair model reads (bench/real-news/fit-pairs.ts). The index's story counts are those of now.
   */
  pairFeatures(article: ClusterArticle, otherId: string): Float64Array {
    const m = this.memberOf(otherId);
    if (!m) throw new Error(`not in the index: ${otherId}`);
    const probe = this.probe(article);
    const out = new Float64Array(PAIR_FEATURES.length);
    const text = packedSimilarity(m.keys, probe.keys);
    this.features(probe, m, text, probe.keys[probe.keys[UNREADABLE]!] === 1, out);
    return out;
  }

  /** What the comparisons of one article need, read once: its keys and which of its names and concepts tell. */
  private probe(article: ClusterArticle): Probe {
    const keys = this.keysOf(article);
    // A concept most stories state ("data center") tells no event apart, like a common name.
    const concepts: number[] = [];
    for (let i = keys[CONCEPTS]!; i < keys[CONCEPTS + 1]!; i++) if (this.telling(keys[i]!)) concepts.push(keys[i]!);
    // A German noun another article wrote as a name is one ("Galaxy"); the others stay maybe-names.
    // Names are the positions of their groups in `keys`.
    const names: number[] = [];
    const maybe: number[] = [];
    const common: number[] = [];
    for (let p = keys[NAMES]!; p < keys[NAMES + 1]!; p += keys[p]! + 1) (this.telling(keys[p + 1]!) ? names : common).push(p);
    for (let p = keys[MAYBE_NAMES]!; p < keys[MAYBE_NAMES + 1]!; p += keys[p]! + 1)
      if (this.knownNames.has(keys[p + 1]!) && this.telling(keys[p + 1]!)) names.push(p);
    for (let p = keys[MAYBE_NAMES]!; p < keys[MAYBE_NAMES + 1]!; p += keys[p]! + 1)
      if (!this.knownNames.has(keys[p + 1]!) && this.telling(keys[p + 1]!)) maybe.push(p);
    const time = article.publishedAt.getTime();
    return {
      keys,
      names,
      maybe,
      common,
      concepts,
      time,
      year: new Date(time).getUTCFullYear(),
      source: this.id(`source:${article.sourceId}`),
      language: this.id(`language:${(article.language ?? '').split('-')[0]!}`),
    };
  }

  /** Fills `out` with the features of the probed article against member `m` (PAIR_FEATURES order). */
  private features(a: Probe, m: Member, text: number, unreadable: boolean, out: Float64Array): void {
    const x = a.keys;
    const y = m.keys;
    let names = 0;
    let nameCount = 0;
    for (const p of a.names) {
      if (!hasAny(x, p, y, ANY_NAME_KEYS)) continue;
      nameCount++;
      names += 1 / Math.sqrt(Math.max(1, this.storyCounts[x[p + 1]!] ?? 0));
    }
    for (const p of a.maybe) {
      if (!hasAny(x, p, y, NAME_KEYS)) continue;
      nameCount++;
      names += 1 / Math.sqrt(Math.max(1, this.storyCounts[x[p + 1]!] ?? 0));
    }
    let commonNames = 0;
    for (const p of a.common) if (hasAny(x, p, y, ANY_NAME_KEYS)) commonNames++;
    let figures = 0;
    let telling = 0;
    for (let i = x[FIGURES]!; i < x[FIGURES + 1]!; i++) {
      const f = x[i]!;
      if (!has(y, FIGURE_SET, f)) continue;
      figures++;
      if (has(x, TELLING_FIGURES, f)) telling++;
    }
    const near = this.nearFigures(x, y, a.year);
    let concepts = 0;
    for (const c of a.concepts) if (has(y, CONCEPTS, c)) concepts++;
    const bothConcepts = x[CONCEPTS] !== x[CONCEPTS + 1] && y[CONCEPTS] !== y[CONCEPTS + 1];
    let terms = 0;
    let sharedTerms = 0;
    for (let i = x[TERMS]!; i < x[TERMS + 1]!; i++) {
      if (!has(y, TERMS, x[i]!)) continue;
      sharedTerms++;
      terms += 1 / Math.max(1, this.storyCounts[x[i]!] ?? 0);
    }
    const smaller = Math.min(x[TERMS + 1]! - x[TERMS]!, y[TERMS + 1]! - y[TERMS]!);
    const days = countIn(x, y, DAYS);
    const gap = Math.abs(a.time - m.time) / 86_400_000;
    let f = 0;
    out[f++] = text;
    out[f++] = Math.log1p(names);
    out[f++] = Math.min(nameCount, 3);
    out[f++] = nameCount / Math.max(1, Math.min(a.names.length + a.maybe.length, this.namesOf(y)));
    out[f++] = Math.min(commonNames, 3);
    out[f++] = Math.min(figures, 3);
    out[f++] = Math.min(telling, 3);
    out[f++] = Math.min(near, 3);
    const sizeConflict = near === 0 && (differentFigures(x, y) || differentFigures(y, x));
    out[f++] = sizeConflict ? 1 : 0;
    out[f++] = Math.min(days, 2);
    out[f++] = days === 0 && x[DAYS] !== x[DAYS + 1] && y[DAYS] !== y[DAYS + 1] ? 1 : 0;
    out[f++] = countIn(x, y, WEEKDAYS) > 0 ? 1 : 0;
    out[f++] = Math.min(countIn(x, y, YEARS), 2);
    out[f++] = Math.min(concepts, 3);
    out[f++] = bothConcepts && countIn(x, y, CONCEPTS) === 0 ? 1 : 0;
    out[f++] = Math.min(countIn(x, y, PLACES), 3);
    const apart = placesApart(x, y);
    out[f++] = apart ? 1 : 0;
    out[f++] = Math.log1p(terms);
    out[f++] = smaller > 0 ? sharedTerms / smaller : 0;
    out[f++] = Math.min(gap, 7);
    out[f++] = gap <= 1.5 ? 1 : 0;
    out[f++] = a.source === m.source ? 1 : 0;
    out[f++] = a.language === m.language ? 0 : 1;
    out[f++] = unreadable || y[y[UNREADABLE]!] === 1 ? 1 : 0;
    out[f++] = anchorScore(x, a.concepts, y, nameCount) > 0 ? 1 : 0;
    const headlines = x[HEADLINE] !== x[HEADLINE + 1] && y[HEADLINE] !== y[HEADLINE + 1];
    const sameHeadline = countIn(x, y, HEADLINE) > 0;
    out[f++] = sameHeadline ? 1 : 0;
    out[f++] = headlines && !sameHeadline ? 1 : 0;
    out[f++] = nameCount > 0 && sizeConflict ? 1 : 0;
    out[f++] = sameHeadline && apart ? 1 : 0;
    const sameStage = countIn(x, y, STAGES) > 0;
    out[f++] = sameStage ? 1 : 0;
    out[f++] = !sameStage && x[STAGES] !== x[STAGES + 1] && y[STAGES] !== y[STAGES + 1] ? 1 : 0;
    const readable = !unreadable && y[y[UNREADABLE]!] !== 1;
    out[f++] = readable && headlineUnstated(x, y) && headlineUnstated(y, x) ? 1 : 0;
    out[f++] =
      x[HEADLINE_PLACES] !== x[HEADLINE_PLACES + 1] && y[HEADLINE_PLACES] !== y[HEADLINE_PLACES + 1] && countIn(x, y, HEADLINE_PLACES) === 0
        ? 1
        : 0;
    out[f++] = this.moneyApart(x, y, a.year) ? 1 : 0;
    const far = gap > 1.5;
    out[f++] = far ? Math.min(telling, 3) : 0;
    out[f++] = far ? nameCount / Math.max(1, Math.min(a.names.length + a.maybe.length, this.namesOf(y))) : 0;
  }

  /**
   * Both state sums of money, and none of one is a sum of the other, as stated, rounded or converted at the
   * year's rate: one company's pledges in two countries, two companies' projects in one region.
   */
  private moneyApart(x: Keys, y: Keys, year: number): boolean {
    let both = false;
    for (let p = x[UNITS]!; p < x[UNITS + 1]!; p += x[p + 1]! + 2) {
      const unitA = this.keyNames[x[p]!]!;
      if (!MONEY.test(unitA)) continue;
      for (let r = y[UNITS]!; r < y[UNITS + 1]!; r += y[r + 1]! + 2) {
        const unitB = this.keyNames[y[r]!]!;
        if (!MONEY.test(unitB)) continue;
        both = true;
        for (let i = p + 2; i < p + 2 + x[p + 1]!; i++) {
          const a = figureValue(this.keyNames[x[i]!]!);
          for (let j = r + 2; j < r + 2 + y[r + 1]!; j++)
            if (x[i] === y[j] || sameAmount(unitA, a, unitB, figureValue(this.keyNames[y[j]!]!), year)) return false;
        }
      }
    }
    return both;
  }

  /** How many names (and maybe-names another article wrote as names) the article of `keys` states. */
  private namesOf(keys: Keys): number {
    let n = 0;
    for (let p = keys[NAMES]!; p < keys[NAMES + 1]!; p += keys[p]! + 1) n++;
    for (let p = keys[MAYBE_NAMES]!; p < keys[MAYBE_NAMES + 1]!; p += keys[p]! + 1) if (this.knownNames.has(keys[p + 1]!)) n++;
    return n;
  }

  /**
   * Sizes of `x` that `y` does not state alike but states as the same amount: rounded (33.7 and 34 billion)
   * or in another currency at the year's rate (SEK 33.7 billion and $3.2 billion).
   */
  private nearFigures(x: Keys, y: Keys, year: number): number {
    let n = 0;
    for (let p = x[UNITS]!; p < x[UNITS + 1]!; p += x[p + 1]! + 2) {
      const unitA = this.keyNames[x[p]!]!;
      for (let i = p + 2; i < p + 2 + x[p + 1]!; i++) {
        if (has(y, FIGURE_SET, x[i]!)) continue;
        const a = figureValue(this.keyNames[x[i]!]!);
        let met = false;
        for (let r = y[UNITS]!; r < y[UNITS + 1]! && !met; r += y[r + 1]! + 2) {
          const unitB = this.keyNames[y[r]!]!;
          for (let j = r + 2; j < r + 2 + y[r + 1]! && !met; j++)
            met = sameAmount(unitA, a, unitB, figureValue(this.keyNames[y[j]!]!), year);
        }
        if (met) n++;
      }
    }
    return n;
  }

  /**
   * Whether two stored articles may be one event: they do not name places in different countries, nor state
   * different figures of one unit. What an article that matches two stories must find before joining them.
   */
  consistent(a: string, b: string): boolean {
    const ma = this.memberOf(a);
    const mb = this.memberOf(b);
    if (!ma || !mb) return false;
    const [x, y] = [ma.keys, mb.keys];
    if (placesApart(x, y)) return false;
    // Figures of one unit that differ only as outlets round or convert them (33.7 and 34 billion kronor) agree, as
    // the pair model reads them.
    const year = new Date(Math.min(ma.time, mb.time)).getUTCFullYear();
    const near = this.nearFigures(x, y, year) + this.nearFigures(y, x, year);
    return near > 0 || (!differentFigures(x, y) && !differentFigures(y, x));
  }

  /** Moves every article of story `from` into story `into`. */
  merge(from: string, into: string): void {
    if (from === into || !this.storyIds.has(from)) return;
    const moving = this.storyMembers.get(from) ?? [];
    for (const number of moving) this.members[number]!.storyId = into;
    this.storyMembers.delete(from);
    const list = this.storyMembers.get(into);
    if (list) list.push(...moving);
    else this.storyMembers.set(into, [...moving]);
    const moved = this.storyKeys.get(from);
    if (moved) {
      let kept = this.storyKeys.get(into);
      if (!kept) this.storyKeys.set(into, (kept = []));
      // A key both stories carry is now carried by one story fewer.
      for (const key of moved)
        if (kept.includes(key)) this.storyCounts[key]!--;
        else kept.push(key);
      this.storyKeys.delete(from);
    }
    this.storyIds.delete(from);
    this.storyIds.add(into);
  }

  private memberOf(articleId: string): Member | undefined {
    const number = this.numbers.get(articleId);
    return number === undefined ? undefined : this.members[number];
  }

  /** An article's keys, read once whether it is looked up, added or both. */
  private keysOf(article: ClusterArticle): Keys {
    let keys = this.keyCache.get(article);
    if (!keys) this.keyCache.set(article, (keys = this.read(article)));
    return keys;
  }

  private id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      this.ids.set(key, (id = this.ids.size));
      this.keyNames.push(key);
    }
    return id;
  }

  /** Ids of the keys, sorted, each once. */
  private set(keys: Iterable<string>): number[] {
    const out = [...new Set(Array.from(keys, (k) => this.id(k)))];
    return out.sort((a, b) => a - b);
  }

  private count(key: number, storyId: string): void {
    let keys = this.storyKeys.get(storyId);
    if (!keys) this.storyKeys.set(storyId, (keys = []));
    if (keys.includes(key)) return;
    keys.push(key);
    if (key >= this.storyCounts.length) {
      const counts = new Int32Array(Math.max(key + 1, this.storyCounts.length * 2));
      counts.set(this.storyCounts);
      this.storyCounts = counts;
    }
    this.storyCounts[key]!++;
  }

  /** A name carried by more than 5% of the stories (and more than 5 of them) says little about which event. */
  private telling(key: number): boolean {
    const stories = this.storyCounts[key] ?? 0;
    return stories <= Math.max(5, this.storyIds.size * 0.05);
  }

  /** Packs an article's keys (see Keys). */
  private read(article: ClusterArticle): Keys {
    const { anchors } = article;
    const names = (anchors.entities ?? []).map((name) => nameKeys(name).map((k) => this.id(k)));
    const maybeNames = (anchors.maybeNames ?? []).map((name) => nameKeys(name).map((k) => this.id(k)));
    const units = new Map<string, Set<string>>();
    for (const q of anchors.quantities) {
      const unit = unitOf(q);
      (units.get(unit) ?? units.set(unit, new Set()).get(unit)!).add(q);
    }
    const sizes: number[] = [];
    for (const [unit, values] of units) {
      if (!TELLING_UNITS.test(unit) || NOT_SIZES.has(unit)) continue;
      const ids = this.set(values);
      sizes.push(this.id(unit), ids.length, ...ids);
    }
    const dates = anchors.dates;
    const language = (article.language ?? '').split('-')[0]!;
    const counts = (anchors.counts ?? []).filter((c) => significantDigits(c) >= 2);
    const figures = [...anchors.quantities, ...counts];
    const figureIds = figures.map((f) => this.id(f));
    const sections: number[][] = [];
    sections[FIGURES] = figureIds;
    sections[FIGURE_UNITS] = figures.map((f) => this.id(unitOf(f)));
    sections[FIGURE_SET] = this.set(figures).filter((f) => !this.boilerplate.has(f));
    sections[TELLING_FIGURES] = this.set(figures.filter((f) => significantDigits(f) >= 2));
    sections[NAME_KEYS] = sortedOnce(names.flat());
    sections[MAYBE_KEYS] = sortedOnce(maybeNames.flat());
    sections[ANY_NAME_KEYS] = sortedOnce([...names, ...maybeNames].flat());
    sections[PLACES] = this.set([...placesOf(anchors.entities), ...(anchors.places ?? [])]);
    sections[YEARS] = this.set(dates.filter((d) => /^\d{4}$/.test(d)));
    sections[DAYS] = this.set(dates.filter((d) => d.startsWith('--')));
    sections[WEEKDAYS] = this.set(dates.filter((d) => d.startsWith('wd:')));
    sections[CONCEPTS] = this.set((anchors.concepts ?? []).map((c) => `concept:${c}`));
    sections[UNITS] = sizes;
    sections[NAMES] = names.flatMap((k) => [k.length, ...k]);
    sections[MAYBE_NAMES] = maybeNames.flatMap((k) => [k.length, ...k]);
    sections[UNREADABLE] = [NON_LATIN.has(language) ? 1 : 0];
    sections[TERMS] = this.set(anchors.terms ?? []);
    sections[HEADLINE] = sortedOnce((anchors.headline ?? []).flatMap((name) => nameKeys(name).map((k) => this.id(k))));
    sections[STAGES] = this.set((anchors.stages ?? []).map((c) => `stage:${c}`));
    sections[HEADLINE_NAMES] = [...(anchors.headline ?? []), ...(anchors.headlinePlaces ?? [])].flatMap((name) => {
      const k = nameKeys(name).map((key) => this.id(key));
      return [k.length, ...k];
    });
    sections[HEADLINE_PLACES] = this.set(placesOf(anchors.headlinePlaces ?? []));
    sections[SIGNATURE] = article.signature;
    const keys = this.pool.alloc(SECTIONS + 1 + sections.reduce((n, s) => n + s.length, 0));
    let at = SECTIONS + 1;
    for (let s = 0; s < SECTIONS; s++) {
      keys[s] = at;
      keys.set(sections[s]!, at);
      at += sections[s]!.length;
    }
    keys[SECTIONS] = at;
    return keys;
  }
}

/**
 * How strongly two articles' anchors say "one event" (to pick the best story): positive when a rule joins them,
 * the same weight negated (or -0.5 when nothing is shared) when none does. `n` is the number of telling names
 * they share; the figures, days and places are compared here. `concepts` are the article's telling concepts.
 */
function anchorScore(a: Keys, concepts: number[], m: Keys, n: number): number {
  let q = 0;
  let telling = 0;
  for (let i = a[FIGURES]!; i < a[FIGURES + 1]!; i++) {
    const f = a[i]!;
    if (!has(m, FIGURE_SET, f)) continue;
    q++;
    if (has(a, TELLING_FIGURES, f)) telling++;
  }
  const day = countIn(a, m, DAYS);
  const weekday = countIn(a, m, WEEKDAYS);
  const when = day + weekday;
  let concept = 0;
  for (const c of concepts) if (has(m, CONCEPTS, c)) concept++;
  const weight = q * 2 + n + day + weekday * 0.5 + concept;
  // The rules that need no more than counts, then those that a contradiction in figures vetoes.
  let joined = (n >= 2 && q >= 1) || (n >= 1 && q >= 2) || (n >= 3 && when + countIn(a, m, YEARS) >= 1);
  if (!joined && n >= 1 && (telling >= 1 || (q >= 1 && when >= 1) || (n >= 2 && day >= 1) || (day >= 1 && concept >= 1)))
    joined = !differentFigures(a, m);
  if (!joined && n === 0 && (a[a[UNREADABLE]!] === 1 || m[m[UNREADABLE]!] === 1) && telling >= 1 && q >= 2) joined = sharedUnits(a, m) >= 2;
  return joined && !placesApart(a, m) ? weight : -weight || -0.5;
}

/** Sums of money: a currency code (the size units of three letters, MWh and MVA aside). */
const MONEY = /^(?!mwh$|mva$)[a-z]{3}$/;

/** Whether the headline of `a` names someone or somewhere that `b` names nowhere (its headline, text or maybe-names). */
function headlineUnstated(a: Keys, b: Keys): boolean {
  for (let p = a[HEADLINE_NAMES]!; p < a[HEADLINE_NAMES + 1]!; p += a[p]! + 1) if (!hasAny(a, p, b, ANY_NAME_KEYS)) return true;
  return false;
}

/** Units of the figures two articles share. */
function sharedUnits(a: Keys, m: Keys): number {
  const units: number[] = [];
  for (let i = a[FIGURES]!, u = a[FIGURE_UNITS]!; i < a[FIGURES + 1]!; i++, u++) {
    if (has(m, FIGURE_SET, a[i]!) && !units.includes(a[u]!)) units.push(a[u]!);
  }
  return units.length;
}

/** Both name places, and none in the same country: two sites, not one. */
function placesApart(a: Keys, b: Keys): boolean {
  if (a[PLACES] === a[PLACES + 1] || b[PLACES] === b[PLACES + 1]) return false;
  return countIn(a, b, PLACES) === 0;
}

/** Both state figures of one unit (power, money of one currency, area), and none of them is the same. */
function differentFigures(a: Keys, b: Keys): boolean {
  for (let p = a[UNITS]!; p < a[UNITS + 1]!; p += a[p + 1]! + 2) {
    for (let r = b[UNITS]!; r < b[UNITS + 1]!; r += b[r + 1]! + 2) {
      if (b[r] !== a[p]) continue;
      if (intersect(a, p + 2, p + 2 + a[p + 1]!, b, r + 2, r + 2 + b[r + 1]!) === 0) return true;
      break;
    }
  }
  return false;
}

/** Whether one key of the name at `p` of `a` is in section `section` of `m`. */
function hasAny(a: Keys, p: number, m: Keys, section: number): boolean {
  for (let i = p + 1; i <= p + a[p]!; i++) if (has(m, section, a[i]!)) return true;
  return false;
}

/** Whether the sorted section of `keys` holds `id` (a binary search). */
function has(keys: Keys, section: number, id: number): boolean {
  let lo = keys[section]!;
  let hi = keys[section + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = keys[mid]!;
    if (v === id) return true;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Keys the two sorted sections share. */
function countIn(a: Keys, b: Keys, section: number): number {
  return intersect(a, a[section]!, a[section + 1]!, b, b[section]!, b[section + 1]!);
}

/** Whether band `b` of the packed signature in `keys` is that of `signature`, row by row. */
function sameBand(keys: Keys, signature: readonly number[], b: number): boolean {
  const at = keys[SIGNATURE]! + b * ROWS;
  for (let i = 0; i < ROWS; i++) if (keys[at + i] !== (signature[b * ROWS + i]! | 0)) return false;
  return true;
}

/** Estimated Jaccard similarity of two packed signatures: minhash.ts `similarity` on the signed values. */
function packedSimilarity(a: Keys, b: Keys): number {
  const i = a[SIGNATURE]!;
  const j = b[SIGNATURE]!;
  if (a[SIGNATURE + 1]! - i !== PERMUTATIONS || b[SIGNATURE + 1]! - j !== PERMUTATIONS) return 0;
  let same = 0;
  // 0xffffffff, a row no shingle reached, is -1 as a signed integer.
  for (let k = 0; k < PERMUTATIONS; k++) if (a[i + k] === b[j + k] && a[i + k] !== -1) same++;
  return same / PERMUTATIONS;
}

/** Size of the intersection of two sorted runs (a merge). */
function intersect(a: Keys, i: number, iEnd: number, b: Keys, j: number, jEnd: number): number {
  let n = 0;
  while (i < iEnd && j < jEnd) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      n++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return n;
}

function sortedOnce(ids: number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

const unitOf = (quantity: string) => quantity.slice(0, quantity.indexOf(':'));
const figureValue = (quantity: string) => Number(quantity.slice(quantity.indexOf(':') + 1));

/**
 * Places an article: it joins the story it matches best, or starts one; and the other stories it matches that
 * may still change (`mergeable`: those started in the same pass) are merged into that one, when their matching
 * articles do not contradict each other (places in different countries, different figures of one unit). An
 * English report that matches both a Japanese and a Korean account, which share too little to match each
 * other, makes them one story. Returns the story and the stories merged into it.
 */
export function placeArticle(
  index: StoryIndex,
  article: ClusterArticle,
  newStoryId: () => string,
  mergeable: (storyId: string) => boolean,
): { storyId: string; started: boolean; merged: string[] } {
  const [best, ...others] = index.findAll(article);
  const storyId = best?.storyId ?? newStoryId();
  // Joined only where the two stories' matching articles do not contradict each other: a bridge, not a chain.
  const merged = others
    .filter((m) => m.score >= best!.score * MERGE_SCORE && mergeable(m.storyId) && index.consistent(m.articleId, best!.articleId))
    .map((m) => m.storyId);
  for (const id of merged) index.merge(id, storyId);
  index.add(storyId, article);
  return { storyId, started: !best, merged };
}

/**
 * Independent outlets: distinct sources, where articles that are wire copies of one another
 * (near-identical text) count once, whoever republished them.
 */
export function corroboration(articles: Array<Pick<ClusterArticle, 'sourceId' | 'signature'>>): number {
  const parent = articles.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < articles.length; i++) {
    for (let j = i + 1; j < articles.length; j++) {
      const a = articles[i]!;
      const b = articles[j]!;
      if (a.sourceId === b.sourceId || similarity(a.signature, b.signature) >= WIRE_COPY) parent[root(i)] = root(j);
    }
  }
  return new Set(articles.map((_, i) => root(i))).size;
}

function sizeOf(posting: Posting): number {
  return typeof posting === 'number' ? 1 : posting.length;
}

function addAll(set: Set<number>, posting: Posting): void {
  if (typeof posting === 'number') set.add(posting);
  else for (const n of posting) set.add(n);
}

/** Adds an article to a key's posting, once (`again`: the article was added before, its number may be there anywhere). */
function addTo<K>(map: Map<K, Posting>, key: K, number: number, again: boolean): void {
  const posting = map.get(key);
  if (posting === undefined) map.set(key, number);
  else if (typeof posting === 'number') {
    if (posting !== number) map.set(key, [posting, number]);
  } else if (posting[posting.length - 1] !== number && !(again && posting.includes(number))) posting.push(number);
}
