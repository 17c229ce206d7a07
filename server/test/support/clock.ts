import type { Clock } from '../../src/lib/clock.js';

/**
 * A clock that reads `start` now and moves on with real time: a child process's share of a test's pinned
 * clock, so the child and the test agree on the time whatever the real date is.
 */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - performance.now();
  return { now: () => new Date(offset + performance.now()) };
}
