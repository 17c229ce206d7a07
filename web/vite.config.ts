import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The brand blue (tailwind blue-700), the mark's colour: the installed app's title bar and maskable icon. */
const THEME_COLOR = '#1d4ed8';
/** The page background (tailwind slate-50): the installed app's splash screen. */
const BACKGROUND_COLOR = '#f8fafc';

// The installable web app and its service worker (docs/decisions/610-offline-web-app.md): the manifest is written
// into the build and linked from index.html; src/service-worker/sw.ts is built to dist/sw.js with the list of the
// build's files to precache. The page registers it itself after its load event (src/lib/register-service-worker.ts).
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    name: 'DC Brief',
    short_name: 'DC Brief',
    description: 'Fact-only data-center intelligence: your daily brief, readable offline.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    // Made from public/favicon.svg by `npm run icons -w web` (pwa-assets.config.mjs).
    icons: [
      { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The app shell: every built script, stylesheet and the HTML (not the precompressed copies, not the icons,
    // which the manifest fetches when the app is installed).
    globPatterns: ['**/*.{js,css,html}', 'favicon.svg'],
    // As the app's own build: importing from the shared package must not drag zod into the worker.
    rollupOptions: { treeshake: { moduleSideEffects: (id) => !id.includes('/shared/src/') } },
  },
  includeManifestIcons: false,
});

const apiTarget = process.env.API_URL ?? 'http://localhost:5000';

// Production bundles render with Preact's React-compatible layer: React DOM alone is ~64 KB gzipped, the
// landing page's whole budget is 90 KB (docs/decisions/105-preact-compat-in-production-builds.md).
// Dev server and unit tests keep React, the e2e tests drive the Preact build.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), pwa],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' && mode !== 'react' ? preactAliases : []),
    ],
    conditions: ['source'],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build: dist/ is served as is, and maps would publish the sources.
    sourcemap: false,
    // scripts/size-report.mjs reads the manifest to tell the landing page's initial JavaScript from lazy chunks.
    manifest: true,
    rollupOptions: {
      // The shared package's modules only declare things: importing PLANS must not drag zod's schemas into the landing page.
      treeshake: { moduleSideEffects: (id) => !id.includes('/shared/src/') },
    },
  },
}));
