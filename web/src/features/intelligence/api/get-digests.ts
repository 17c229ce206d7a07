import { useQuery } from '@tanstack/react-query';
import type { Digest } from '@dcbrief/shared';

export const digestsQueryKey = ['/api/digests'] as const;

/** Newest first. Read with the default query function, and only once someone is signed in. */
export function useDigests({ enabled }: { enabled: boolean }) {
  return useQuery<Digest[]>({ queryKey: digestsQueryKey, enabled });
}
