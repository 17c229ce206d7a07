import { useMutation } from '@tanstack/react-query';
import type { SignOutEverywhereResponse } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { navigateTo } from '@/lib/browser-navigation';
import { clearOfflineData } from '@/lib/offline-cache';
import { sendThenForgetPendingWrites } from '@/lib/pending-writes';

/** POST /api/logout/everywhere: ends every session of the account, this browser's included. */
export async function signOutEverywhere(): Promise<SignOutEverywhereResponse> {
  // Ratings kept offline get a last try while the session works, and are forgotten (docs/decisions/611).
  await sendThenForgetPendingWrites().catch(() => {});
  return apiRequest<SignOutEverywhereResponse>('POST', '/api/logout/everywhere', {});
}

/**
 * Signed out here too: the offline copies go (docs/decisions/610), and a full page load to the landing page leaves
 * nothing of the account in memory.
 */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () =>
      clearOfflineData()
        .catch(() => {})
        .finally(() => navigateTo('/')),
  });
}
