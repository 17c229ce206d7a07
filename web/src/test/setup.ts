import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToastsForTests } from '@/hooks/use-toast';
import { resetOfflineCopies } from '@/lib/offline-copies';

// The first screen of a file loads its lazy route chunk through Vite's transform: on a busy machine that
// alone can pass the default 1 s of findBy*/waitFor. A wait ends as soon as its condition holds, so a longer
// limit costs nothing when the app is quick.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; Radix primitives call them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  resetToastsForTests();
  resetOfflineCopies();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
