import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowAlertSettings } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

const followAlertsQueryOptions = queryOptions<FollowAlertSettings>({ queryKey: queryKeys.followAlerts });

/** Whether a followed entity's status change is emailed, and the webhook it is posted to. */
export function useFollowAlerts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...followAlertsQueryOptions, enabled });
}
