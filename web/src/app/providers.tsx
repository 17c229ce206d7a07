import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AudioPlayerProvider } from '@/features/audio/components/audio-player';
import { usePendingWritesSender } from './pending-writes-sender';

/** Everything every screen relies on: the query cache, the one toast region, and the audio player that stays across pages. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PendingWritesSender />
      <AudioPlayerProvider>{children}</AudioPlayerProvider>
      <Toaster />
    </QueryClientProvider>
  );
}

/** Ratings kept on this device while offline go out once someone is signed in and the network is back. */
function PendingWritesSender() {
  usePendingWritesSender();
  return null;
}
