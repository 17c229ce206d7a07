import { WifiOff } from 'lucide-react';

/** "Tue, Nov 24, 6:02 AM": when the copy being read was last fetched, in the reader's own clock. */
export function formatUpdatedAt(updatedAt: Date | string): string {
  return new Date(updatedAt).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * Shown above a brief read from an offline copy (the service worker's cache in the browser, the desktop app's
 * store on disk): the reader sees at once that this is the last copy and how old it is.
 */
export function OfflineBanner({ updatedAt }: { updatedAt: Date | string }) {
  return (
    <div
      role="status"
      className="mb-4 flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <span>Offline, updated {formatUpdatedAt(updatedAt)}</span>
    </div>
  );
}
