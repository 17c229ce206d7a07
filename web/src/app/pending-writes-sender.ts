import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { pendingWrites, sendPendingWrites } from '@/lib/pending-writes';
import { queryKeys } from '@/lib/query-keys';

/**
 * Sends the ratings this device kept while offline (lib/pending-writes.ts) once someone is signed in, again
 * whenever the browser says the network is back or the window comes back into view; then reads again what
 * they change.
 */
export function usePendingWritesSender(): void {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const send = () =>
      void sendPendingWrites(userId)
        .then(({ sent, refused }) => {
          if (!sent && !refused) return;
          void queryClient.invalidateQueries({ queryKey: queryKeys.feedback });
          void queryClient.invalidateQueries({ queryKey: queryKeys.digests });
          void queryClient.invalidateQueries({ queryKey: queryKeys.episodes });
        })
        .catch(() => undefined);
    // The desktop app's server can come back while the network never went away: try again when the window
    // comes back into view too (nothing is asked when nothing is kept).
    const sendIfKept = () => {
      if (document.visibilityState === 'visible' && pendingWrites().length) send();
    };
    send();
    window.addEventListener('online', send);
    document.addEventListener('visibilitychange', sendIfKept);
    return () => {
      window.removeEventListener('online', send);
      document.removeEventListener('visibilitychange', sendIfKept);
    };
  }, [userId, queryClient]);
}
