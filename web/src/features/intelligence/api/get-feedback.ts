import { useQuery } from '@tanstack/react-query';
import type { Feedback } from '@dcbrief/shared';

export const feedbackQueryKey = ['/api/feedback'] as const;

/** The subscriber's ratings, newest first; only read once someone is signed in. */
export function useFeedback({ enabled }: { enabled: boolean }) {
  return useQuery<Feedback[]>({ queryKey: feedbackQueryKey, enabled });
}
