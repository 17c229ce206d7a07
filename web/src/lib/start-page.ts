import { refetchOfflineCopies } from './offline-copies';
import { queryClient } from './queryClient';
import { registerServiceWorker } from './register-service-worker';

/** What every page of the browser app does once it has started, whichever HTML it came from. */
export function startPage(): void {
  registerServiceWorker();
  // Back online after reading offline copies: read them again, so what is shown (and its banner) is current.
  window.addEventListener('online', () => void refetchOfflineCopies(queryClient));
}
