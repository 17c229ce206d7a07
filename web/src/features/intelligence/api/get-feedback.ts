import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Feedback } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

const feedbackQueryOptions = queryOptions<Feedback[]>({ queryKey: queryKeys.feedback });

/** The subscriber's ratings, newest first; only read once someone is signed in. */
export function useFeedback({ enabled }: { enabled: boolean }) {
  return useQuery({ ...feedbackQueryOptions, enabled });
}
