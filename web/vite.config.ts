import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
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

/** The footer's year in the prerendered HTML and in the browser's first render (site-footer.tsx). */
const buildYearDefine = { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) };

/**
 * Puts the landing page's HTML into index.html at build time (docs/decisions/530), so the page paints before
 * its script has run, which then hydrates it (src/main.tsx). src/prerender.tsx renders the same tree as the
 * browser's first render, with Preact (as the build) and every package bundled through the same aliases.
 * app.html, for every other page, stays empty.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'dcbrief-prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (path.basename(ctx.filename) !== 'index.html') return html;
        const marker = '<div id="root"></div>';
        if (!html.includes(marker)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
        // A nested SSR build into one file, imported once (a dev server's ssrLoadModule leaves a 5-minute timer).
        const out = await build({
          configFile: false,
          root: import.meta.dirname,
          logLevel: 'error',
          resolve: {
            alias: [{ find: /^react-dom\/server$/, replacement: 'preact-render-to-string' }, ...appAliases, ...preactAliases],
            conditions: ['source'],
          },
          define: buildYearDefine,
          ssr: { noExternal: true },
          build: {
            ssr: path.join(import.meta.dirname, 'src/prerender.tsx'),
            write: false,
            rollupOptions: { output: { codeSplitting: false } },
          },
        });
        const chunk = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : [])).find((o) => o.type === 'chunk');
        if (!chunk || chunk.type !== 'chunk') throw new Error('the prerender build gave no chunk');
        const dir = await mkdtemp(path.join(tmpdir(), 'dcbrief-prerender-'));
        try {
          const file = path.join(dir, 'prerender.mjs');
          await writeFile(file, chunk.code);
          const { renderLanding } = (await import(pathToFileURL(file).href)) as { renderLanding: () => string };
          return html.replace(marker, `<div id="root">${renderLanding()}</div>`);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    },
  };
}

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

const appAliases = [{ find: '@', replacement: path.resolve(import.meta.dirname, 'src') }];

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), pwa, ...(mode === 'react' ? [] : [prerenderLanding()])],
  define: buildYearDefine,
  resolve: {
    alias: [...appAliases, ...(command === 'build' && mode !== 'react' ? preactAliases : [])],
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
      // index.html: '/' with the landing page prerendered; app.html: every other page (docs/decisions/530).
      input: { index: path.resolve(import.meta.dirname, 'index.html'), app: path.resolve(import.meta.dirname, 'app.html') },
      // The shared package's modules only declare things: importing PLANS must not drag zod's schemas into the landing page.
      treeshake: { moduleSideEffects: (id) => !id.includes('/shared/src/') },
    },
  },
}));
