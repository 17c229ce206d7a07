import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Digest, Feedback } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/feedback: a 1-5 rating of one of the subscriber's digests; rating again replaces it. The cached
 * digest takes the new rating, so coming back to it shows the stars without another request.
 */
export function useRateDigest(digestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { digestId: string; rating: number }) => apiRequest<Feedback>('POST', '/api/feedback', input),
    onSuccess: (saved) => {
      queryClient.setQueryData<Digest>(['/api/digests', digestId], (digest) => (digest ? { ...digest, rating: saved.rating } : digest));
      return queryClient.invalidateQueries({ queryKey: ['/api/feedback'] });
    },
  });
}
