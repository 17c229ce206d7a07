import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/feedback: a 1-5 rating of one of the subscriber's digests; rating again replaces it. */
export function useRateDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { digestId: string; rating: number }) => apiRequest<Feedback>('POST', '/api/feedback', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/feedback'] }),
  });
}
