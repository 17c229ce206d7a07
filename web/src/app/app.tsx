import { RouterProvider } from 'react-router';
import { queryClient } from '@/lib/queryClient';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

let router: ReturnType<typeof createAppRouter> | null = null;

/** The whole web app: its router and every provider (the audio player, the toasts). */
export function App() {
  router ??= createAppRouter();
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
