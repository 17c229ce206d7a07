import { computeStats, type DigestStats, type Feedback, type IntelligenceStats } from '@dcbrief/shared';

/** The server's figures and the mean of the ratings; figures not loaded (or failed) count as zero. */
export function intelligenceStats(stats: DigestStats | undefined, feedback: Feedback[] | undefined): IntelligenceStats {
  return computeStats(
    stats,
    (feedback ?? []).map((item) => item.rating),
  );
}
