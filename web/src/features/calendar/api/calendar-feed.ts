import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const calendarFeedQueryOptions = queryOptions<CalendarFeed>({ queryKey: queryKeys.calendarFeed });

/** GET /api/calendar: whether the private calendar address exists (it is shown only when made). */
export function useCalendarFeed({ enabled }: { enabled: boolean }) {
  return useQuery({ ...calendarFeedQueryOptions, enabled });
}

/** POST /api/calendar/rotate: a new private address; the old one stops working. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('POST', '/api/calendar/rotate', {}),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions.queryKey, feed),
  });
}

/** DELETE /api/calendar: no address works any more. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('DELETE', '/api/calendar'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions.queryKey, feed),
  });
}
