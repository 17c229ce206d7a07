import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import type { DesktopBridge, Digest } from '@dcbrief/shared';
import { isOfflineError } from '@/lib/desktop';
import { getQueryFn } from '@/lib/queryClient';
import { queryKeys } from '@/lib/query-keys';

/**
 * In the desktop app, the digests' reads fall back to the copy kept on disk when the server cannot be
 * reached mid-session: the list (queryKeys.digests) and one digest (queryKeys.digest(id)) come from it; any
 * other read, and any answer of the server (a 404 included), is left as it is.
 */
export function installOfflineDigestFallback(queryClient: QueryClient, bridge: DesktopBridge): void {
  const online = getQueryFn<unknown>({ on401: 'throw' });
  queryClient.setQueryDefaults(queryKeys.digests, {
    queryFn: async (context: QueryFunctionContext) => {
      try {
        return await online(context);
      } catch (error) {
        if (!isOfflineError(error)) throw error;
        const copy = await bridge.getOfflineCopy();
        const [, id, ...rest] = context.queryKey;
        let found: Digest | Digest[] | undefined;
        if (id === undefined) found = copy?.digests;
        else if (typeof id === 'string' && rest.length === 0) found = copy?.digests.find((d) => d.id === id);
        if (found === undefined) throw error;
        return found;
      }
    },
  });
}
