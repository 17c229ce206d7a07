// The signed-in user, read by every screen: app-wide state, so it lives beside the query client rather than in a feature.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@dcbrief/shared';
import { getQueryFn } from '@/lib/queryClient';
import { queryKeys } from '@/lib/query-keys';

/** Read once on load, never retried; a 401 is an answer (signed out), not an error. */
export const currentUserQueryOptions = queryOptions<User | null>({
  queryKey: queryKeys.currentUser,
  queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
  retry: false,
});

export function useCurrentUser() {
  const { data, isLoading } = useQuery(currentUserQueryOptions);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
