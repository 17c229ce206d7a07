import { useQuery } from '@tanstack/react-query';
import type { Digest } from '@dcbrief/shared';

/** GET /api/digests/:id through the default query function (the key's segments joined with '/'). */
export function useDigest(id: string, { enabled }: { enabled: boolean }) {
  return useQuery<Digest>({ queryKey: ['/api/digests', id], enabled });
}
