import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

/** The frame of every signed-in screen: header, then a centred main column. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <AppHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}
