import { readFileSync } from 'node:fs';

/**
 * The evidence two articles give of being one event, as numbers (cluster.ts computes them from the articles'
 * keys), and the weights that turn it into a probability: a logistic model fitted on the real-news
 * development set (`npm run bench:fit-pairs`, bench/real-news/fit-pairs.ts; docs/decisions/222). The weights are
 * data (pair-model.json), refitted by one command; this file only applies them.
 */
export const PAIR_FEATURES = [
  /** MinHash similarity of the texts (or their translations). */
  'text',
  /** Shared names, each weighed by how few open stories carry it (1 alone, 1/sqrt(n) for n stories), log(1 + sum). */
  'names',
  /** How many names they share that few stories carry (capped at 3). */
  'nameCount',
  /** Shared names over the names of the article that states fewer. */
  'nameShare',
  /** How many names they share that many stories carry (a hyperscaler, a country). */
  'commonNames',
  /** Figures stated alike (quantities and telling counts). */
  'figures',
  /** Of those, the precise ones (two significant digits or more). */
  'tellingFigures',
  /** Sizes (power, area, money) stated differently but one amount: rounded, or in another currency. */
  'nearFigures',
  /** Both state sizes of one unit, and none meets. */
  'sizeConflict',
  /** Days of a month they share. */
  'days',
  /** Both state days of a month, and none is the same. */
  'dayConflict',
  'weekday',
  'years',
  /** Concepts of the field (outage, acquisition, permit, ...) they share, of those few stories carry. */
  'concepts',
  /** Both state concepts of the field, and none is shared. */
  'conceptConflict',
  'places',
  /** Both name places, none in the same country. */
  'placesApart',
  /** Content words of headline and lead they share, each weighed by how few open stories carry it, log(1 + sum). */
  'terms',
  /** Shared content words, over the smaller set. */
  'termShare',
  /** Days between their publication (capped at 7). */
  'gapDays',
  /** Published within 36 hours of each other. */
  'close',
  'sameSource',
  'crossLanguage',
  /** One of them is in a script whose names may not be read. */
  'unreadable',
  /**
   * The rules clustering used before the model (decisions 203 and 210: names with figures, a day, a telling
   * figure or concept), kept as one piece of evidence among the others.
   */
  'rules',
  /** Their headlines name one actor (not a place). */
  'headlineName',
  /** Both headlines name actors, and none is the same: Blackstone's and Amazon's projects in one region. */
  'headlineConflict',
  /** They share a telling name and state different sizes of one unit: one company's two projects. */
  'sameNameOtherSize',
  /** Their headlines name one actor, and they name places in different countries: one company's two sites. */
  'sameActorOtherPlace',
  /** Their headlines name one stage of an event (both an opening, both an approval): the lexicon's stage concepts. */
  'sameStage',
  /** Both headlines name a stage, and none is the same: a project's announcement and its opening, a plan and a vote. */
  'stageConflict',
  /**
   * Each headline names someone or somewhere the other article names nowhere (both in scripts whose names are
   * read): Microsoft in Zaragoza against Microsoft in Portugal, Amazon's approval against Blackstone's.
   */
  'headlineUnstated',
  /** Both headlines name places, and none is the same, nor in the same country. */
  'headlinePlacesApart',
  /** Both state sums of money, and none of one is a sum of the other (as stated, rounded or converted). */
  'moneyApart',
  /**
   * Published more than 36 hours apart, and how much else they share: precise figures (capped at 3) and names
   * over the fewer. A late report of one event (an aggregator, a weekly) still states its figures and names; a
   * linear score that only counts the gap takes them for a follow-up.
   */
  'farFigures',
  'farNames',
] as const;

export interface PairModel {
  features: readonly string[];
  /** Per feature: the mean and scale the fit standardised it with, and its weight. */
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  /** The probability from which an article may join a story through one of its articles. */
  threshold: number;
  /** The median probability over the story's articles from which it joins (`storyLinkage`). */
  storyThreshold: number;
  /** What the fit saw and reached: for the record (docs/decisions/222). */
  fitted?: Record<string, unknown>;
}

export const PAIR_MODEL_FILE = new URL('./pair-model.json', import.meta.url);

let shipped: PairModel | null = null;

export function pairModel(): PairModel {
  if (!shipped) {
    shipped = JSON.parse(readFileSync(PAIR_MODEL_FILE, 'utf8')) as PairModel;
    if (shipped.features.join() !== PAIR_FEATURES.join())
      throw new Error('pair-model.json was fitted on other features: run npm run bench:fit-pairs');
  }
  return shipped;
}

/** The probability that two articles are one event, from their features (in PAIR_FEATURES order). */
export function pairProbability(features: ArrayLike<number>, model: PairModel = pairModel()): number {
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i++) z += model.weights[i]! * ((features[i]! - model.mean[i]!) / model.scale[i]!);
  return 1 / (1 + Math.exp(-z));
}

interface RateTable {
  usdPerUnit: Record<string, Record<string, number>>;
}

const RATES: RateTable = JSON.parse(readFileSync(new URL('./currency-rates.json', import.meta.url), 'utf8')) as RateTable;
const YEARS = Object.keys(RATES.usdPerUnit)
  .map(Number)
  .sort((a, b) => a - b);

/** The currencies the table converts (lower-case codes), of any year. */
export function ratedCurrencies(): string[] {
  return [...new Set(Object.values(RATES.usdPerUnit).flatMap((year) => Object.keys(year)))].sort();
}

/** One unit of `currency` in US dollars in `year` (the nearest year the table has), or null when it has none. */
export function usdPerUnit(currency: string, year: number): number | null {
  const y = Math.min(Math.max(year, YEARS[0]!), YEARS[YEARS.length - 1]!);
  return RATES.usdPerUnit[String(y)]?.[currency] ?? null;
}

/** Two amounts rounded differently (34 vs 33.7 billion): within 3%. */
const ROUNDING = 0.03;
/** Two amounts in two currencies at the year's average rate: within 15% (outlets convert at the day's rate, and round). */
const CONVERSION = 0.15;

/**
 * Whether two figures of size units are one amount stated differently: the same unit rounded, or money in two
 * currencies at the year's rate. Units are `mw`, `m2`, ISO currency codes...; `year` is the first article's.
 */
export function sameAmount(unitA: string, a: number, unitB: string, b: number, year: number): boolean {
  if (!(a > 0 && b > 0)) return false;
  if (unitA === unitB) return Math.abs(a - b) / Math.max(a, b) <= ROUNDING;
  const ra = usdPerUnit(unitA, year);
  const rb = usdPerUnit(unitB, year);
  if (ra === null || rb === null) return false;
  const x = a * ra;
  const y = b * rb;
  return Math.abs(x - y) / Math.max(x, y) <= CONVERSION;
}
