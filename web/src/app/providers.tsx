import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AudioPlayerProvider } from '@/features/audio/components/audio-player';

/** Everything every screen relies on: the query cache, the one toast region, and the audio player that stays across pages. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AudioPlayerProvider>{children}</AudioPlayerProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
