import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowAlertSettings, FollowAlertSettingsUpdate } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateFollowAlerts(update: FollowAlertSettingsUpdate): Promise<FollowAlertSettings> {
  return apiRequest<FollowAlertSettings>('PUT', '/api/follow-alerts', update);
}

export function rotateWebhookSecret(): Promise<FollowAlertSettings> {
  return apiRequest<FollowAlertSettings>('POST', '/api/follow-alerts/secret', {});
}

/**
 * PUT /api/follow-alerts, or POST /api/follow-alerts/secret with `rotate`. The cache keeps the settings without the
 * secret: the caller shows the secret from the answer once.
 */
export function useUpdateFollowAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FollowAlertSettingsUpdate | 'rotate') => (input === 'rotate' ? rotateWebhookSecret() : updateFollowAlerts(input)),
    onSuccess: (answer) => {
      const settings = { ...answer };
      delete settings.webhookSecret;
      queryClient.setQueryData(queryKeys.followAlerts, settings);
    },
  });
}
