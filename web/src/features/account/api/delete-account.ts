import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountResponse } from '@dcbrief/shared';
import { ACCOUNT_DELETED_PARAM } from '@/hooks/signed-out-notice';
import { apiRequest } from '@/lib/api-client';
import { navigateTo } from '@/lib/browser-navigation';

/** POST /api/account/delete: cancels billing, deletes the account's data, ends every session (decision 117). */
export function deleteAccount(): Promise<DeleteAccountResponse> {
  return apiRequest<DeleteAccountResponse>('POST', '/api/account/delete', { confirm: true });
}

/** Gone: a full page load to the landing page, which says so, leaves nothing of the account in memory. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => navigateTo(`/?${ACCOUNT_DELETED_PARAM}=1`) });
}
