import type { ContentDepth } from '@dcbrief/shared';

/** One sentence of a summary and the sources that state it. */
export interface SummarySentence {
  text: string;
  language: string;
  sourceIds: string[];
  articleIds: string[];
}

export interface KeyFigure {
  /** As written in the source, e.g. "€500 million", "60 MW". */
  text: string;
  /** Normalised for comparison across languages, e.g. "eur:500000000", "mw:60". */
  key: string;
  sourceIds: string[];
}

export type StorySummaries = Record<ContentDepth, SummarySentence[]> & { keyFigures: KeyFigure[] };
