import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { WaitlistFormValues } from './waitlist-form';

export async function joinWaitlist(values: WaitlistFormValues): Promise<void> {
  await apiRequest('POST', '/api/waitlist', values);
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
