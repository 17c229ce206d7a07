import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { currentUserQueryOptions } from '@/lib/auth';
import { desktopBridge, isOfflineError } from '@/lib/desktop';
import { queryClient } from '@/lib/queryClient';
import { LOGIN_PATH } from '@/lib/server-pages';
import { installOfflineDigestFallback } from './offline-queries';
import { OfflineBriefScreen } from './offline-brief-screen';
import { ServerAddressScreen } from './server-address-screen';
import '../index.css';

/**
 * The web app in the desktop app's window (docs/decisions/602). The window's origin is the app's own
 * scheme, whose /api is passed to the chosen server by the main process, so the API client stays relative.
 * Before the app: the server's address on a first launch; signed out, the sign-in page; without a network,
 * the latest brief kept on disk.
 */
const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
const reload = () => window.location.replace('/');

async function start() {
  const bridge = desktopBridge();
  if (!bridge) {
    render(<p className="p-8 text-slate-700">This page is the DC Brief desktop app&apos;s window; open DC Brief in the app.</p>);
    return;
  }
  const server = await bridge.getServer();
  if (!server.url) {
    render(<ServerAddressScreen bridge={bridge} defaultUrl={server.defaultUrl} onSaved={reload} />);
    return;
  }
  installOfflineDigestFallback(queryClient, bridge);
  let user;
  try {
    user = await queryClient.fetchQuery(currentUserQueryOptions);
  } catch (error) {
    if (!isOfflineError(error)) throw error;
    const copy = await bridge.getOfflineCopy();
    // The player and the reader read the subscriber from the cache: the last one seen.
    queryClient.setQueryData(currentUserQueryOptions.queryKey, copy?.user ?? null);
    const offline = createMemoryRouter([{ path: '*', element: <OfflineBriefScreen copy={copy} onRetry={reload} /> }]);
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={offline} />
      </AppProviders>,
    );
    return;
  }
  if (!user && window.location.pathname === '/') {
    // Signed out: the app has no landing page to show, it signs in (the server's sign-in page, through /api).
    window.location.replace(LOGIN_PATH);
    return;
  }
  const router = createBrowserRouter(routes);
  bridge.onNavigate((path) => void router.navigate(path));
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

void start();
