import { extractDateKeys, extractDates } from './dates.js';
import { extractEntities, extractNames, isCommonWord } from './names.js';
import { findFigures, findQuantities } from './quantities.js';

/**
 * What survives translation or its absence: organisations and places, quantities (power, energy, area,
 * money, shares) and dates. Each is normalised to a key that every language states the same way, so two
 * articles in different languages about one event share them without a translator:
 * - quantities: 60 MW = 60 Megawatt = 60 МВт = 60メガワット -> `mw:60`; €850 million = 850 Millionen Euro =
 *   8億5000万ユーロ -> `eur:850000000`; and counts of things without a unit (see quantities.ts);
 * - dates: years (`2027`), days (`--11-23`, from "23 November", "23 listopada", "11月23日", ...), months of a
 *   year (`2026-11`) and weekdays (`wd:1`) (see dates.ts);
 * - names: gazetteer keys for names whose spelling or script changes, else the folded name in Latin letters
 *   (see names.ts).
 */
export interface Anchors {
  entities: string[];
  quantities: string[];
  dates: string[];
  /**
   * Counts of things without a unit, three digits or more, in the headline and the first two sentences
   * ("2,300 virtual servers", "384個" -> `n:2300`, `n:384`): not quantities (no unit to label them), but
   * telling when two articles state the same one.
   */
  counts?: string[];
  /**
   * Capitalised words of a language that capitalises every noun (German): names only when an article in
   * another language names them too. Absent in anchors stored before they existed.
   */
  maybeNames?: string[];
  /**
   * Ids of the field's concepts the text states (data center, outage, acquisition, permit, ...), from the
   * field lexicon, when `articleKeys` is given a concept finder (article intake gives it the lexicon's).
   */
  concepts?: string[];
  /**
   * Content words of the headline and lead (terms.ts: `t:incend`, `t:화재`), which two reports of one event in
   * one language share. Absent in anchors stored before they existed.
   */
  terms?: string[];
  /**
   * The names of the headline that are not places (who the story is about: `blackstone`, `google`), among the
   * article's names and maybe-names. Absent in anchors stored before they existed.
   */
  headline?: string[];
  /**
   * The places the article names beyond the gazetteer's hubs, with their countries, as ids (`aragon`, `daejeon`,
   * `spain`), when `articleKeys` is given a place finder. Absent in anchors stored before they existed.
   */
  places?: string[];
  /** The places the headline names (`zaragoza`, `portugal`), among the article's names. Absent in anchors stored before. */
  headlinePlaces?: string[];
  /**
   * The stages of an event its headline names (`STAGE_CONCEPTS` of the field lexicon: construction, opening,
   * permit, acquisition, outage...), when `articleKeys` is given a concept finder. Absent in anchors stored before.
   */
  stages?: string[];
}

/** What else helps read a text's anchors: its publication (a Persian date without its year is read near it). */
export interface AnchorContext {
  publishedAt?: Date;
}

export function extractAnchors(text: string, language: string, context: AnchorContext = {}): Anchors {
  const { names, maybeNames } = extractNames(text, language);
  const figures = findFigures(text, language, leadEnd(text));
  const anchors: Anchors = {
    entities: [...names].sort(),
    quantities: [...new Set([...figures.quantities.map((q) => q.key), ...pueKeys(text)])].sort(),
    dates: [...extractDateKeys(text, language, context.publishedAt)].sort(),
  };
  if (figures.counts.size) anchors.counts = [...figures.counts].sort();
  if (maybeNames.size) anchors.maybeNames = [...maybeNames].sort();
  return anchors;
}

/**
 * Power usage effectiveness stated with its value ("a design PUE of 1.15", "PUEは1.15", "电能利用效率为1.15",
 * "PUE de 1,2"): the field's efficiency figure, written the same in every language, or by its name in
 * Chinese, Japanese and Korean. `pue:1.15`.
 */
export function pueKeys(text: string): string[] {
  if (!PUE_HINT.test(text)) return [];
  const out: string[] = [];
  for (const m of text.matchAll(PUE_VALUE)) {
    const value = Number((m[1] ?? m[2]!).replace(',', '.'));
    if (value >= 1 && value < 4) out.push(`pue:${value}`);
  }
  return out;
}

const PUE_NAME = String.raw`PUE|电能利用效率|電能利用效率|電力使用効率|전력\s?사용\s?효율`;
const PUE_HINT = new RegExp(PUE_NAME, 'u');
const PUE_VALUE = new RegExp(
  String.raw`(?:${PUE_NAME})[^\d.!?。！？]{0,24}?(\d[.,]\d{1,2})(?!\d)|(?<![\d.,])(\d[.,]\d{1,2})\s?PUE\b`,
  'gu',
);

/** Where a text's lead ends: after its headline (first line) and two more sentences. */
function leadEnd(text: string): number {
  let ends = 0;
  for (const m of text.matchAll(LEAD_BREAK)) if (++ends === 3) return m.index!;
  return text.length;
}

const LEAD_BREAK = /\n+|(?<=[.!?。！？])\s+(?=\S)|(?<=[。！？])/gu;

/** Every quantity key of a text, the anchor-only units included. */
export function extractQuantities(text: string, language: string): Set<string> {
  return new Set(findFigures(text, language).quantities.map((q) => q.key));
}

export { extractDateKeys, extractDates, extractEntities, findQuantities, isCommonWord };
