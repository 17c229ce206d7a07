import { computeStats, type IntelligenceStats } from '@dcbrief/shared';
import type { Digest, Feedback } from '@dcbrief/shared';

/** The shared formulas over what the two lists hold; an unloaded list counts as empty. */
export function intelligenceStats(digests: Digest[] | undefined, feedback: Feedback[] | undefined): IntelligenceStats {
  return computeStats(
    digests?.length ?? 0,
    (feedback ?? []).map((item) => item.rating),
  );
}
