import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@dcbrief/shared';

export const publicConfigQueryKey = ['/api/config'] as const;

/** The Stripe publishable key comes from the server, never from the bundle. */
export function usePublicConfig({ enabled }: { enabled: boolean }) {
  return useQuery<PublicConfig>({ queryKey: publicConfigQueryKey, enabled });
}
