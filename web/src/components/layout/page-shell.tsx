import type { ReactNode } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AppHeader } from './app-header';

/**
 * The frame of every signed-in screen: header, then a centred main column. Tooltips only exist on these
 * screens, so their provider (and its positioning code) lives here rather than in the landing page's bundle.
 */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-slate-50">
        <AppHeader />
        <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}
