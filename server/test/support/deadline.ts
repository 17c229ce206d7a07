/**
 * Deadlines for what a test waits on outside its own code (a child process, a server, a condition another
 * process makes true): a broken one fails the run with a message instead of hanging it.
 */

/** Polls `condition` until it holds; fails naming `what` (a function: its description at that moment) after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string | (() => string),
  { timeoutMs = 30_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** `promise`'s outcome, or, once `timeoutMs` have passed, `onTimeout()` (e.g. kill a child) and a failure naming `what`. */
export function withDeadline<T>(promise: Promise<T>, timeoutMs: number, what: string | (() => string), onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error(`${typeof what === 'string' ? what : what()}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
