import { useQuery } from '@tanstack/react-query';
import type { DigestStats } from '@dcbrief/shared';

/** Under the digests' key, so whatever refreshes the digest list refreshes these figures too. */
export const digestStatsQueryKey = ['/api/digests', 'stats'] as const;

/** The subscriber's figures counted by the server from their sent digests (docs/decisions/307). */
export function useDigestStats({ enabled }: { enabled: boolean }) {
  return useQuery<DigestStats>({ queryKey: digestStatsQueryKey, enabled });
}
