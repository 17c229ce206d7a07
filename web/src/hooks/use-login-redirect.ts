import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiUrl } from '@/lib/api-client';
import { navigateTo } from '@/lib/browser-navigation';
import { LOGIN_PATH } from '@/lib/server-pages';
import { toast } from './use-toast';

export interface LoginRedirectNotice {
  title: string;
  description: string;
}

/**
 * Once `active` turns true: tell the visitor why, then send them to the sign-in page after `delayMs`. The
 * sign-in page gets this page as `next=`, so the emailed link comes back here.
 */
export function useLoginRedirect(active: boolean, delayMs: number, notice: LoginRedirectNotice) {
  const { title, description } = notice;
  const { pathname, search } = useLocation();
  const next = `${pathname}${search}`;
  useEffect(() => {
    if (!active) return;
    toast({ title, description, variant: 'destructive' });
    const timer = setTimeout(() => navigateTo(loginUrl(next)), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, title, description, next]);
}

/** The server's sign-in page, told where to land afterwards. */
export function loginUrl(next: string): string {
  return apiUrl(next && next !== '/' ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH);
}
