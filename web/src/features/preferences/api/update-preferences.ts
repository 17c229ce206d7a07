import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferencesUpdate, User } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-request';
import { currentUserQueryKey } from '@/lib/auth';

export async function updatePreferences(update: PreferencesUpdate): Promise<User> {
  const res = await apiRequest('POST', '/api/user/preferences', update);
  return (await res.json()) as User;
}

/** On success the cached current user is refreshed from the server (spec section 7). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
