import type { Anchors } from './anchors.js';
import { bandKeys, similarity } from './minhash.js';
import { nameKeys } from './name-keys.js';
import { placesOf } from './names.js';
import { significantDigits } from './quantities.js';

export interface ClusterArticle {
  id: string;
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
  score: number;
  /** The story's article that matched best. */
  articleId: string;
}

/** An article as the index compares it: its anchors split by kind, names by their match keys. */
interface Keys {
  quantities: Set<string>;
  /** Quantities and telling counts together: what two articles may share as figures. */
  figures: string[];
  figureSet: Set<string>;
  /** Figures with two significant digits or more (€850 million, 47.5 MW, 2,300 servers): a round one tells less. */
  tellingFigures: Set<string>;
  /** Counts of things (`n:2300`) with two significant digits or more: telling, when shared. */
  counts: Set<string>;
  /** Quantities by unit (`mw`, `eur`, ...): two articles stating different figures of one unit differ. */
  units: Map<string, Set<string>>;
  /** Each name with its match keys (skeleton and stems: see name-keys.ts). */
  names: Array<{ name: string; keys: string[] }>;
  maybeNames: Array<{ name: string; keys: string[] }>;
  /** Every match key of its names, and of its maybe-names. */
  nameKeys: Set<string>;
  maybeKeys: Set<string>;
  /** Both together. */
  anyNameKeys: Set<string>;
  places: Set<string>;
  years: Set<string>;
  /** Days of a month (`--11-23`). */
  days: Set<string>;
  weekdays: Set<string>;
  concepts: Set<string>;
  unreadable: boolean;
}

/** An article of the index (a small fixed shape: the index looks it up for every candidate). */
interface Member {
  storyId: string;
  time: number;
  signature: number[];
  keys: Keys;
}

/** A second story is joined only when the article matches it nearly as well as its best one. */
const MERGE_SCORE = 0.75;
export const TEXT_MATCH = 0.5;
export const WIRE_COPY = 0.7;
const WINDOW_MS = 72 * 3600_000;
const MAX_POSTING = 100;
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
  private readonly members = new Map<string, Member>();
  private readonly storyIds = new Set<string>();
  private readonly bands = new Map<string, Set<string>>();
  private readonly byQuantity = new Map<string, Set<string>>();
  private readonly byName = new Map<string, Set<string>>();
  /** Stories carrying each name (by its first key), to tell a common name from a telling one. */
  private readonly nameStories = new Map<string, Map<string, number>>();
  /** Names some article wrote as a name (not only as a capitalised German noun). */
  private readonly knownNames = new Set<string>();
  private readonly keyCache = new WeakMap<ClusterArticle, Keys>();

  get size(): number {
    return this.storyIds.size;
  }

  add(storyId: string, article: ClusterArticle): void {
    this.storyIds.add(storyId);
    const keys = this.keysOf(article);
    this.members.set(article.id, { storyId, time: article.publishedAt.getTime(), signature: article.signature, keys });
    for (const key of bandKeys(article.signature)) addTo(this.bands, key, article.id);
    for (const q of keys.figures) addTo(this.byQuantity, q, article.id);
    for (const k of keys.nameKeys) addTo(this.byName, k, article.id);
    for (const k of keys.maybeKeys) addTo(this.byName, k, article.id);
    for (const { keys: k } of [...keys.names, ...keys.maybeNames]) {
      let stories = this.nameStories.get(k[0]!);
      if (!stories) this.nameStories.set(k[0]!, (stories = new Map()));
      stories.set(storyId, (stories.get(storyId) ?? 0) + 1);
    }
    for (const { keys: k } of keys.names) this.knownNames.add(k[0]!);
    for (const c of keys.concepts) {
      const key = `concept:${c}`;
      let stories = this.nameStories.get(key);
      if (!stories) this.nameStories.set(key, (stories = new Map()));
      stories.set(storyId, (stories.get(storyId) ?? 0) + 1);
    }
  }

  find(article: ClusterArticle): StoryMatch | null {
    return this.findAll(article)[0] ?? null;
  }

  /** Every story the article matches, the best first (each by its best-matching article). */
  findAll(article: ClusterArticle): StoryMatch[] {
    const similar = new Set<string>();
    for (const key of bandKeys(article.signature)) {
      const posting = this.bands.get(key);
      // A band shared by that many articles is boilerplate ("subscribe to our newsletter"), not one event.
      if (posting && posting.size <= MAX_POSTING) for (const id of posting) similar.add(id);
    }
    const read = this.keysOf(article);
    // A concept most stories state ("data center") tells no event apart, like a common name.
    const keys = read.concepts.size ? { ...read, concepts: new Set([...read.concepts].filter((c) => this.telling(`concept:${c}`))) } : read;
    // A German noun another article wrote as a name is one ("Galaxy"); the others stay maybe-names.
    const promoted = keys.maybeNames.filter((n) => this.knownNames.has(n.keys[0]!));
    const names = [...keys.names, ...promoted].filter((n) => this.telling(n.keys[0]!));
    const maybe = keys.maybeNames.filter((n) => !promoted.includes(n) && this.telling(n.keys[0]!));
    const candidates = new Set<string>();
    const named = names.length + maybe.length;
    // Every anchor rule but one needs a shared telling name: without one, only the text can match, or two figures
    // when the text's names may be unreadable.
    if (named > 0 || keys.unreadable) {
      for (const q of keys.figures) {
        const posting = this.byQuantity.get(q);
        // A figure that dozens of recent articles state ("100 MW") finds no event by itself.
        if (posting && posting.size <= MAX_POSTING) for (const id of posting) candidates.add(id);
      }
    }
    if (named >= 2 || (named >= 1 && keys.concepts.size > 0)) {
      for (const n of [...names, ...maybe]) {
        for (const k of n.keys) {
          const posting = this.byName.get(k);
          if (posting && posting.size <= MAX_POSTING) for (const id of posting) candidates.add(id);
        }
      }
    }
    const best = new Map<string, StoryMatch>();
    const t = article.publishedAt.getTime();
    const consider = (id: string) => {
      if (id === article.id) return;
      const m = this.members.get(id)!;
      if (Math.abs(t - m.time) > WINDOW_MS) return;
      // MinHash is only worth comparing where LSH says the texts may be close.
      const text = similar.has(id) ? similarity(m.signature, article.signature) : 0;
      const n = sharedNames(names, maybe, m.keys);
      if (text < TEXT_MATCH && n === 0 && !keys.unreadable && !m.keys.unreadable) return;
      const anchors = anchorScore(keys, m.keys, n);
      const score = text >= TEXT_MATCH ? text * 10 + Math.abs(anchors) : anchors;
      if (score <= 0) return;
      const previous = best.get(m.storyId);
      if (!previous || score > previous.score)
        best.set(m.storyId, { storyId: m.storyId, reason: text >= TEXT_MATCH ? 'text' : 'anchors', score, articleId: id });
    };
    for (const id of similar) consider(id);
    for (const id of candidates) if (!similar.has(id)) consider(id);
    return [...best.values()].sort((a, b) => b.score - a.score || a.storyId.localeCompare(b.storyId));
  }

  /**
   * Whether two stored articles may be one event: they do not name places in different countries, nor state
   * different figures of one unit. What an article that matches two stories must find before joining them.
   */
  consistent(a: string, b: string): boolean {
    const x = this.members.get(a)?.keys;
    const y = this.members.get(b)?.keys;
    if (!x || !y) return false;
    return !placesApart(x.places, y.places) && !differentFigures(x.units, y.units) && !differentFigures(y.units, x.units);
  }

  /** Moves every article of story `from` into story `into`. */
  merge(from: string, into: string): void {
    if (from === into || !this.storyIds.has(from)) return;
    for (const member of this.members.values()) if (member.storyId === from) member.storyId = into;
    for (const stories of this.nameStories.values()) {
      const n = stories.get(from);
      if (n === undefined) continue;
      stories.delete(from);
      stories.set(into, (stories.get(into) ?? 0) + n);
    }
    this.storyIds.delete(from);
    this.storyIds.add(into);
  }

  /** An article's keys, read once whether it is looked up, added or both. */
  private keysOf(article: ClusterArticle): Keys {
    let keys = this.keyCache.get(article);
    if (!keys) this.keyCache.set(article, (keys = keysOf(article)));
    return keys;
  }

  /** A name carried by more than 5% of the stories (and more than 5 of them) says little about which event. */
  private telling(key: string): boolean {
    const stories = this.nameStories.get(key)?.size ?? 0;
    return stories <= Math.max(5, this.storyIds.size * 0.05);
  }
}

/**
 * How strongly two articles' anchors say "one event" (to pick the best story): positive when a rule joins them,
 * the same weight negated (or -0.5 when nothing is shared) when none does. `n` is the number of telling names
 * they share; the figures, days and places are compared here.
 */
function anchorScore(a: Keys, m: Keys, n: number): number {
  let q = 0;
  let telling = 0;
  for (const f of a.figures) {
    if (!m.figureSet.has(f) || BOILERPLATE.has(f)) continue;
    q++;
    if (a.tellingFigures.has(f)) telling++;
  }
  const day = countIn(a.days, m.days);
  const weekday = countIn(a.weekdays, m.weekdays);
  const when = day + weekday;
  const concept = a.concepts.size ? countIn(a.concepts, m.concepts) : 0;
  const weight = q * 2 + n + day + weekday * 0.5 + concept;
  // The rules that need no more than counts, then those that a contradiction in figures vetoes.
  let joined = (n >= 2 && q >= 1) || (n >= 1 && q >= 2) || (n >= 3 && when + countIn(a.years, m.years) >= 1);
  if (!joined && n >= 1 && (telling >= 1 || (q >= 1 && when >= 1) || (n >= 2 && day >= 1) || (day >= 1 && concept >= 1)))
    joined = !differentFigures(a.units, m.units);
  if (!joined && n === 0 && (a.unreadable || m.unreadable) && telling >= 1 && q >= 2) joined = sharedUnits(a, m) >= 2;
  return joined && !placesApart(a.places, m.places) ? weight : -weight || -0.5;
}

/** Units of the figures two articles share. */
function sharedUnits(a: Keys, m: Keys): number {
  const units = new Set<string>();
  for (const f of a.figures) if (m.figureSet.has(f) && !BOILERPLATE.has(f)) units.add(unitOf(f));
  return units.size;
}

/** Both name places, and none in the same country: two sites, not one. */
function placesApart(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  for (const p of a) if (b.has(p)) return false;
  return true;
}

/** Both state figures of one unit (power, money of one currency, area), and none of them is the same. */
function differentFigures(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  for (const [unit, values] of a) {
    const other = b.get(unit);
    if (!other || !TELLING_UNITS.test(unit) || NOT_SIZES.has(unit)) continue;
    let same = false;
    for (const v of values) if (other.has(v)) same = true;
    if (!same) return true;
  }
  return false;
}

/** Names of the article found among the member's: its names against names and maybe-names, its maybe-names against names. */
function sharedNames(names: Keys['names'], maybe: Keys['maybeNames'], m: Keys): number {
  let n = 0;
  for (const name of names) if (hasAny(name.keys, m.anyNameKeys)) n++;
  for (const name of maybe) if (hasAny(name.keys, m.nameKeys)) n++;
  return n;
}

function hasAny(keys: string[], set: Set<string>): boolean {
  for (const k of keys) if (set.has(k)) return true;
  return false;
}

const unitOf = (quantity: string) => quantity.slice(0, quantity.indexOf(':'));

function keysOf(article: ClusterArticle): Keys {
  const { anchors } = article;
  const withKeys = (list: string[] = []) => list.map((name) => ({ name, keys: nameKeys(name) }));
  const names = withKeys(anchors.entities);
  const maybeNames = withKeys(anchors.maybeNames);
  const units = new Map<string, Set<string>>();
  for (const q of anchors.quantities) {
    const unit = unitOf(q);
    (units.get(unit) ?? units.set(unit, new Set()).get(unit)!).add(q);
  }
  const dates = anchors.dates;
  const language = (article.language ?? '').split('-')[0]!;
  const counts = (anchors.counts ?? []).filter((c) => significantDigits(c) >= 2);
  const figures = [...anchors.quantities, ...counts];
  const tellingFigures = new Set(figures.filter((f) => significantDigits(f) >= 2));
  return {
    quantities: new Set(anchors.quantities),
    figures,
    figureSet: new Set(figures),
    tellingFigures,
    counts: new Set(counts),
    units,
    names,
    maybeNames,
    nameKeys: new Set(names.flatMap((n) => n.keys)),
    maybeKeys: new Set(maybeNames.flatMap((n) => n.keys)),
    anyNameKeys: new Set([...names, ...maybeNames].flatMap((n) => n.keys)),
    places: placesOf(anchors.entities),
    years: new Set(dates.filter((d) => /^\d{4}$/.test(d))),
    days: new Set(dates.filter((d) => d.startsWith('--'))),
    weekdays: new Set(dates.filter((d) => d.startsWith('wd:'))),
    concepts: new Set(anchors.concepts ?? []),
    unreadable: NON_LATIN.has(language),
  };
}

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

function countIn(values: Iterable<string>, set: Set<string>): number {
  let n = 0;
  for (const v of values) if (set.has(v)) n++;
  return n;
}

function addTo(map: Map<string, Set<string>>, key: string, id: string) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}
