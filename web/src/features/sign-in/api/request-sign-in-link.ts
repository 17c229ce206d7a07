import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';

/** Asks the server to email a magic link; `next` is the page that link opens (a path on this site). */
export async function requestSignInLink(request: LoginRequest): Promise<void> {
  await apiRequest('POST', '/api/login', request);
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}

/** The browser's own zone, so the account starts with the subscriber's 6:00 AM. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
