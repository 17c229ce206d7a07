import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback } from '@dcbrief/shared';
import { useCurrentUser } from '@/lib/auth';
import { sendOrKeep } from '@/lib/pending-writes';
import { queryKeys } from '@/lib/query-keys';
import { digestQueryOptions } from './get-digest';

/**
 * POST /api/feedback: a 1-5 rating of one of the subscriber's digests; rating again replaces it. The cached
 * digest takes the new rating, so coming back to it shows the stars without another request. Without a
 * network the rating is kept on this device and sent when it is back (`queued`, docs/decisions/611).
 */
export function useRateDigest(digestId: string) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  return useMutation({
    // Runs offline too: the write is kept instead of the mutation waiting, paused, in this tab only.
    networkMode: 'always',
    mutationFn: (input: { digestId: string; rating: number }) =>
      sendOrKeep<Feedback>({
        key: `digest-rating:${input.digestId}`,
        userId: user?.id ?? '',
        method: 'POST',
        path: '/api/feedback',
        body: input,
      }),
    onSuccess: (outcome, input) => {
      const rating = outcome.queued ? input.rating : outcome.answer.rating;
      queryClient.setQueryData(digestQueryOptions(digestId).queryKey, (digest) => (digest ? { ...digest, rating } : digest));
      if (!outcome.queued) return queryClient.invalidateQueries({ queryKey: queryKeys.feedback });
    },
  });
}
