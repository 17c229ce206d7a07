/**
 * Runs `pass` now and then every `intervalSec` in this process, one pass at a time: a tick that finds the
 * previous pass still running is skipped. `stop()` tells the running pass to stop at its next boundary (its
 * `shouldStop()` turns true), waits for it, and schedules nothing more. A pass that throws goes to `onError`;
 * the next tick runs as usual. The delivery scheduler and the audio preparation job share it.
 */
export function runEveryInterval(
  intervalSec: number,
  pass: (shouldStop: () => boolean) => Promise<void>,
  onError: (err: unknown) => void,
): { stop(): Promise<void> } {
  let stopping = false;
  let running: Promise<void> | null = null;
  const shouldStop = () => stopping;
  const tick = () => {
    if (running || stopping) return;
    running = pass(shouldStop)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalSec * 1000);
  timer.unref();
  tick();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
