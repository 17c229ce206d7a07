import { defineConfig } from 'vitest/config';

// The main process's logic and the preload bridge, in Node, with Electron behind DesktopPorts (no Electron binary needed).
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
