import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInCodeRequest, SignInCodeResponse } from '@dcbrief/shared';
import { apiRequest } from '@/lib/api-client';

/** The code from the sign-in email (POST /api/login/code): sets the session cookie on this device. */
export function signInWithCode(request: SignInCodeRequest): Promise<SignInCodeResponse> {
  return apiRequest<SignInCodeResponse>('POST', '/api/login/code', request);
}

/**
 * Signing in changes what every query answers (the user, digests, preferences). `onSignedIn` (a toast, the way
 * to `next`) runs first, from the mutation itself so that it runs even when the screen that asked is gone; then
 * every query goes back to its initial state and the screens on show ask again, now signed in.
 */
export function useSignInWithCode(onSignedIn: (answer: SignInCodeResponse) => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    onSuccess: async (answer) => {
      await onSignedIn(answer);
      await queryClient.resetQueries();
    },
  });
}
