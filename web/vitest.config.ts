import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Unit tests render with React itself (the build swaps in Preact; the e2e tests cover that build).
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // A deadline, not a speed check: typing and clicking through a whole form takes over vitest's default
      // 5 s on a loaded 2-core machine (tests never assert wall-clock times).
      testTimeout: 30_000,
    },
  }),
);
