import type { QueryKey } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/lib/auth';
import { useOfflineCopy } from '@/lib/offline-copies';
import { OfflineBanner } from './offline-banner';

/**
 * The browser's "Offline, updated <time>" banner: shown when the signed-in user or any of these reads was answered
 * by the service worker's stored copy (lib/offline-copies.ts), with the oldest copy's time.
 */
export function OfflineCopyBanner({ queryKeys }: { queryKeys: readonly QueryKey[] }) {
  const storedAt = useOfflineCopy([currentUserQueryKey, ...queryKeys]);
  return storedAt ? <OfflineBanner updatedAt={storedAt} /> : null;
}
