/**
 * Registers the service worker (src/service-worker/sw.ts, built to /sw.js) once the page has loaded, so it
 * never competes with the landing page's own downloads; only in production builds served over http(s) in a
 * secure context (https, localhost, 127.0.0.1), and not inside the desktop app, which keeps its own offline copy.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  if (!location.protocol.startsWith('http') || 'dcbrief' in window) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app works as before, online only.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
