import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-request';

/** POST /api/feedback: a 1-5 rating of one of the subscriber's digests; rating again replaces it. */
export function useRateDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { digestId: string; rating: number }): Promise<Feedback> =>
      (await apiRequest('POST', '/api/feedback', input)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/feedback'] }),
  });
}
