import { extractDates } from './dates.js';
import { extractEntities, extractNames, isCommonWord } from './names.js';
import { findQuantities, type FoundQuantity } from './quantities.js';

/**
 * What survives translation or its absence: organisations and places, quantities (power, energy, area,
 * money, shares) and dates. Each is normalised to a key that every language states the same way, so two
 * articles in different languages about one event share them without a translator:
 * - quantities: 60 MW = 60 Megawatt = 60 МВт = 60メガワット -> `mw:60`; €850 million = 850 Millionen Euro =
 *   8億5000万ユーロ -> `eur:850000000` (see quantities.ts);
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
   * Capitalised words of a language that capitalises every noun (German): names only when an article in
   * another language names them too. Absent in anchors stored before they existed.
   */
  maybeNames?: string[];
  /**
   * Ids of the field's concepts the text states (data center, outage, acquisition, permit, ...), from the
   * multilingual lexicon, when `articleKeys` is given one. Hook for the lexicon: empty until it exists.
   */
  concepts?: string[];
}

/** What else helps read a text's anchors: its publication (a Persian date without its year is read near it). */
export interface AnchorContext {
  publishedAt?: Date;
}

export function extractAnchors(text: string, language: string, context: AnchorContext = {}): Anchors {
  const { names, maybeNames } = extractNames(text, language);
  const anchors: Anchors = {
    entities: [...names].sort(),
    quantities: [...extractQuantities(text, language)].sort(),
    dates: [...extractDates(text, language, context.publishedAt)].sort(),
  };
  if (maybeNames.size) anchors.maybeNames = [...maybeNames].sort();
  return anchors;
}

export function extractQuantities(text: string, language: string): Set<string> {
  return new Set(findQuantities(text, language).map((q) => q.key));
}

export { extractDates, extractEntities, findQuantities, isCommonWord, type FoundQuantity };

export function emptyAnchors(): Anchors {
  return { entities: [], quantities: [], dates: [] };
}
