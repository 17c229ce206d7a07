import { useQuery } from '@tanstack/react-query';
import type { User } from '@dcbrief/shared';
import { getQueryFn } from '@/lib/queryClient';

/** The current user, read once on load without retry; a 401 means signed out. */
export function useAuth() {
  const { data: user, isLoading } = useQuery<User | null>({
    queryKey: ['/api/auth/user'],
    queryFn: getQueryFn({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: user ?? null, isLoading, isAuthenticated: !!user };
}
