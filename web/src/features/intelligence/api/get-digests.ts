import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Digest } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

const digestsQueryOptions = queryOptions<Digest[]>({ queryKey: queryKeys.digests });

/** Newest first. Read with the default query function, and only once someone is signed in. */
export function useDigests({ enabled }: { enabled: boolean }) {
  return useQuery({ ...digestsQueryOptions, enabled });
}
