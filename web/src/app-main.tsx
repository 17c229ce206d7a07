import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startPage } from '@/lib/start-page';
import { App } from './app/app';
import './index.css';

// app.html: every page of the app but '/' (and the 404 screen), rendered in the browser.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
startPage();
