import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DigestStats } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

const digestStatsQueryOptions = queryOptions<DigestStats>({ queryKey: queryKeys.digestStats });

/** The subscriber's figures counted by the server from their sent digests (docs/decisions/307). */
export function useDigestStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...digestStatsQueryOptions, enabled });
}
