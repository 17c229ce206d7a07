import type { ContentDepth } from '@dcbrief/shared';

/**
 * One fact of a summary: the sentences of the story's articles that state the same thing, shown once
 * (one of them, or its translation) with every outlet that states it. docs/decisions/211.
 */
export interface SummarySentence {
  /** The sentence shown: in the reader's language when a source states it so or it was translated. */
  text: string;
  /** The language of `text`. */
  language: string;
  /** Every outlet whose article states the fact (in any language): the fact's own corroboration. */
  sourceIds: string[];
  articleIds: string[];
  /** `text` is a machine translation from this language (absent when a source wrote it so). */
  translatedFrom?: string;
  /**
   * False when no source states the fact in the reader's language and no translation was possible: the
   * text is the original and is shown with its language mark. Absent in summaries made before facts.
   */
  inReaderLanguage?: boolean;
}

export interface KeyFigure {
  /** What the figure measures, in English: "Capacity", "Budget", "Investment", "Power", "Area", "PUE", ... */
  label: string;
  /** The value written for the reader, from the normalised key: "40 MW", "EUR 850 million", "100%". */
  text: string;
  /** Normalised for comparison across languages, e.g. "eur:500000000", "mw:60". */
  key: string;
  /** As the source wrote it ("850 Millionen Euro"). */
  stated?: string;
  sourceIds: string[];
}

export type StorySummaries = Record<ContentDepth, SummarySentence[]> & { keyFigures: KeyFigure[] };
