import type { DeliveryDeps } from './deps.js';
import { runDeliveryPass } from './pass.js';

/**
 * Runs a delivery pass every `intervalSec` in the server process, one at a time. `stop()` lets the
 * running pass finish its current batch (no new claims) and resolves when it has.
 */
export function startDeliveryScheduler(deps: DeliveryDeps): { stop(): Promise<void> } {
  let stopping = false;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running || stopping) return;
    running = runDeliveryPass(deps, deps.clock.now(), { shouldStop: () => stopping })
      .then((s) => {
        const sent = s.send.sent + s.send.failed + s.send.retrying + s.trials.sent + s.trials.failed + s.trials.ended;
        if (sent || s.uncertain) deps.logger.info({ delivery: s }, 'delivery pass');
      })
      .catch((err) => deps.logger.error({ err }, 'delivery pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, deps.config.delivery.intervalSec * 1000);
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
