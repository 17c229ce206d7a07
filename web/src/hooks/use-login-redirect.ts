import { useEffect } from 'react';
import { apiUrl } from '@/lib/api-client';
import { navigateTo } from '@/lib/browser-navigation';
import { LOGIN_PATH } from '@/lib/server-pages';
import { toast } from './use-toast';

export interface LoginRedirectNotice {
  title: string;
  description: string;
}

/** Once `active` turns true: tell the visitor why, then send them to the sign-in page after `delayMs`. */
export function useLoginRedirect(active: boolean, delayMs: number, notice: LoginRedirectNotice) {
  const { title, description } = notice;
  useEffect(() => {
    if (!active) return;
    toast({ title, description, variant: 'destructive' });
    const timer = setTimeout(() => navigateTo(apiUrl(LOGIN_PATH)), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, title, description]);
}
