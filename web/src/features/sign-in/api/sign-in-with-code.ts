import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInCodeRequest, SignInCodeResponse } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';

/** The code from the sign-in email (POST /api/login/code): sets the session cookie on this device. */
export function signInWithCode(request: SignInCodeRequest): Promise<SignInCodeResponse> {
  return apiRequest<SignInCodeResponse>('POST', '/api/login/code', request);
}

/**
 * Signing in changes what every query answers (the user, digests, preferences): on success every query goes back
 * to its initial state and the screens on show ask again, now signed in.
 */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    onSuccess: () => queryClient.resetQueries(),
  });
}
