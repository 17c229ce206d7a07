// Which answers on screen came from the service worker's cache rather than the network, and since when: the
// API client records it for every GET, screens read it to show <OfflineBanner updatedAt=... />.
import { useSyncExternalStore } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

const copies = new Map<string, Date>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** The store's key of a query: the address the default query function reads (the key's segments joined). */
export function queryPath(queryKey: QueryKey): string {
  return queryKey.join('/');
}

/**
 * Called by the API client with each answer's offline-copy header (null when it came from the network): a
 * network answer clears what an earlier offline copy of the same address recorded.
 */
export function recordAnswer(path: string, offlineCopyHeader: string | null): void {
  const storedAt = offlineCopyHeader ? new Date(offlineCopyHeader) : null;
  const known = copies.get(path);
  if (storedAt && !Number.isNaN(storedAt.getTime())) {
    if (known?.getTime() === storedAt.getTime()) return;
    copies.set(path, storedAt);
    changed();
  } else if (known) {
    copies.delete(path);
    changed();
  }
}

/** The oldest stored time among these queries' offline copies: what the banner says, or null when all are live. */
export function oldestOfflineCopy(queryKeys: readonly QueryKey[]): Date | null {
  let oldest: Date | null = null;
  for (const key of queryKeys) {
    const at = copies.get(queryPath(key));
    if (at && (!oldest || at < oldest)) oldest = at;
  }
  return oldest;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For a screen: when what it shows of these queries was stored offline (the oldest), or null when all came live. */
export function useOfflineCopy(queryKeys: readonly QueryKey[]): Date | null {
  useSyncExternalStore(subscribe, () => version);
  return oldestOfflineCopy(queryKeys);
}

/** Back online: read again every query whose data is an offline copy, so the banner goes with fresh data. */
export function refetchOfflineCopies(queryClient: QueryClient): Promise<void> {
  if (copies.size === 0) return Promise.resolve();
  return queryClient.invalidateQueries({ predicate: (query) => copies.has(queryPath(query.queryKey)) });
}

/** Forgets every record (tests; signing out reloads the page anyway). */
export function resetOfflineCopies(): void {
  if (copies.size === 0) return;
  copies.clear();
  changed();
}
