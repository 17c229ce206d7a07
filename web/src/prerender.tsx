import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from '@/lib/queryClient';
import { LandingEntry } from './landing-entry';

/**
 * The landing page's HTML as the browser's first render makes it (src/main.tsx hydrates it): the same tree,
 * authentication still loading. The build puts it into index.html (vite.config.ts, docs/decisions/530); there
 * react-dom/server is preact-render-to-string, as the browser renders with Preact.
 */
export function renderLanding(): string {
  const queryClient = createQueryClient();
  try {
    return renderToString(
      <StrictMode>
        <LandingEntry queryClient={queryClient} />
      </StrictMode>,
    );
  } finally {
    // The user query rendered above keeps a garbage-collection timer (5 minutes) that would hold the build open.
    queryClient.clear();
  }
}
