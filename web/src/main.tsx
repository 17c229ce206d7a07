import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { refetchOfflineCopies } from '@/lib/offline-copies';
import { queryClient } from '@/lib/queryClient';
import { registerServiceWorker } from '@/lib/register-service-worker';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
// Back online after reading offline copies: read them again, so what is shown (and its banner) is current.
window.addEventListener('online', () => void refetchOfflineCopies(queryClient));
