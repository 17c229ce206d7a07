import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from '@/lib/queryClient';
import { startPage } from '@/lib/start-page';
import { LandingEntry } from './landing-entry';
import './index.css';

// index.html, served for '/' only: the landing page is already in it (prerendered at build time), so this
// script only hydrates it; the router and the rest of the app load once someone turns out to be signed in
// (docs/decisions/530). Any other path opens app.html; this one loads the app if it ever runs elsewhere
// (a service worker of an older build).
const root = document.getElementById('root')!;
if (window.location.pathname !== '/') {
  root.replaceChildren();
  void import('./app/app').then(({ App }) =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
} else {
  const page = (
    <StrictMode>
      <LandingEntry queryClient={queryClient} />
    </StrictMode>
  );
  if (root.firstElementChild) hydrateRoot(root, page);
  else createRoot(root).render(page);
}
startPage();
