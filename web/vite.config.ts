import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  plugins: [react(), tailwindcss()],
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
