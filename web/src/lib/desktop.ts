import { DESKTOP_OFFLINE_STATUS, type DesktopBridge } from '@dcbrief/shared';
import { ApiError } from './api-error';

declare global {
  interface Window {
    /** Set by the desktop app's preload script (desktop/src/preload); absent in a browser. */
    dcbrief?: DesktopBridge;
  }
}

/** The desktop app's bridge when the web app runs in its window, else null. */
export function desktopBridge(): DesktopBridge | null {
  return (typeof window !== 'undefined' && window.dcbrief) || null;
}

/**
 * Whether a failed call means "no server to talk to" rather than an answer: the desktop app's proxy says
 * so with a 503 whose body has `offline: true`; a browser's fetch rejects with a TypeError.
 */
export function isOfflineError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!(error instanceof ApiError) || error.status !== DESKTOP_OFFLINE_STATUS) return false;
  const body = error.body;
  return !!body && typeof body === 'object' && (body as { offline?: unknown }).offline === true;
}
