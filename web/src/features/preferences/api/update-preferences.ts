import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferencesUpdate, User } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updatePreferences(update: PreferencesUpdate): Promise<User> {
  return apiRequest<User>('POST', '/api/user/preferences', update);
}

/**
 * On success the cached current user is refreshed from the server (docs/SPEC.md §7), and the follows suggested by
 * the saved Additional Notes with it.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
        queryClient.invalidateQueries({ queryKey: queryKeys.followSuggestions }),
      ]),
  });
}
