import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Digest } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/digests/:id through the default query function (the key's segments joined with '/'). */
export const digestQueryOptions = (id: string) => queryOptions<Digest>({ queryKey: queryKeys.digest(id) });

export function useDigest(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...digestQueryOptions(id), enabled });
}
