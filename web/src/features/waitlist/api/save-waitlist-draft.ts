import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { WaitlistFormValues } from './waitlist-form';

export async function saveWaitlistDraft(values: WaitlistFormValues): Promise<void> {
  await apiRequest('PUT', '/api/waitlist/draft', values);
}

/** A failed draft save is only logged (docs/SPEC.md §8): the visitor is still typing and loses nothing. */
export function useSaveWaitlistDraft() {
  return useMutation({
    mutationFn: saveWaitlistDraft,
    onError: (error) => console.error('Waitlist draft auto-save failed', error),
  });
}
