import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { useOfflineCopy } from '@/lib/offline-copies';
import { OfflineBanner } from './offline-banner';

/**
 * The browser's "Offline, updated <time>" banner: shown when the signed-in user or any of these reads was answered
 * by the service worker's stored copy (lib/offline-copies.ts), with the oldest copy's time.
 */
export function OfflineCopyBanner({ queryKeys: keys }: { queryKeys: readonly QueryKey[] }) {
  const storedAt = useOfflineCopy([queryKeys.currentUser, ...keys]);
  return storedAt ? <OfflineBanner updatedAt={storedAt} /> : null;
}
