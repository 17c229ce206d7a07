/** The dashboard's formulas (docs/SPEC.md §9), used by the home page too. */
export const HOURS_SAVED_PER_DIGEST = 0.75;
export const SOURCES_PER_DIGEST = 127;

export interface IntelligenceStats {
  digests: number;
  hoursSaved: number;
  sourcesRead: number;
  /** Mean rating to one decimal; 0 when there is no feedback. */
  averageRating: number;
}

export function computeStats(digestCount: number, ratings: ReadonlyArray<number | null | undefined>): IntelligenceStats {
  const count = Math.max(0, Math.floor(digestCount));
  const values = ratings.map((r) => (typeof r === 'number' && Number.isFinite(r) ? r : 0));
  const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  return {
    digests: count,
    hoursSaved: Math.floor(count * HOURS_SAVED_PER_DIGEST),
    sourcesRead: count * SOURCES_PER_DIGEST,
    averageRating: Math.round(mean * 10) / 10,
  };
}
