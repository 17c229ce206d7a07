import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const here = import.meta.dirname;
const web = path.resolve(here, '../web');

/** The server the build is made for, pre-filled on the first launch's address screen. */
const defaultServer = process.env.DCBRIEF_SERVER_URL ?? process.env.PUBLIC_URL ?? '';

/**
 * electron-vite sets the renderer's base to './' for production; the app's routes are paths
 * (dcbrief-app://app/digests/<id>), so assets are addressed from the root like in the browser build.
 */
const rootBase: Plugin = { name: 'dcbrief:root-base', config: () => ({ base: '/' }) };

// Main and preload bundle their few dependencies (zod, luxon, the shared contract): the packaged app ships
// out/ and no node_modules. The renderer is the web app itself (web/src), built from web/desktop.html,
// with React (not Preact: there is no download budget on the desktop).
export default defineConfig({
  main: {
    build: { externalizeDeps: false, outDir: 'out/main' },
    resolve: { conditions: ['source'] },
    define: { __DCBRIEF_SERVER_URL__: JSON.stringify(defaultServer) },
  },
  preload: {
    build: {
      externalizeDeps: false,
      outDir: 'out/preload',
      // A sandboxed window's preload must be CommonJS.
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
    resolve: { conditions: ['source'] },
  },
  renderer: {
    root: web,
    envDir: here,
    plugins: [react(), tailwindcss(), rootBase],
    resolve: {
      alias: [{ find: '@', replacement: path.join(web, 'src') }],
      conditions: ['source'],
    },
    build: {
      outDir: path.join(here, 'out/renderer'),
      emptyOutDir: true,
      sourcemap: false,
      minify: true,
      rolldownOptions: { input: path.join(web, 'desktop.html') },
    },
  },
});
