import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

const publicConfigQueryOptions = queryOptions<PublicConfig>({ queryKey: queryKeys.publicConfig });

/** The Stripe publishable key comes from the server, never from the bundle. */
export function usePublicConfig({ enabled }: { enabled: boolean }) {
  return useQuery({ ...publicConfigQueryOptions, enabled });
}
