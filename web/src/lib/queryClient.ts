import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS } from './ui-timings';
import { apiRequest } from './api-client';
import { isUnauthorizedError } from './api-error';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read: the address is the query key's segments joined with '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>('GET', queryKey.join('/'));
    } catch (error) {
      if (on401 === 'returnNull' && isUnauthorizedError(error)) return null as T;
      throw error;
    }
  };
}

/** docs/SPEC.md §7: never stale, no refetch on focus, no polling, no retries; unused entries go after 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: QUERY_GC_TIME_MS,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
