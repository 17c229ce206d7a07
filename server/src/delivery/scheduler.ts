import { runEveryInterval } from '../lib/every-interval.js';
import type { DeliveryDeps } from './deps.js';
import { runDeliveryPass } from './pass.js';

/**
 * Runs a delivery pass every `intervalSec` in the server process, one at a time. `stop()` lets the
 * running pass finish its current batch (no new claims) and resolves when it has.
 */
export function startDeliveryScheduler(deps: DeliveryDeps): { stop(): Promise<void> } {
  return runEveryInterval(
    deps.config.delivery.intervalSec,
    async (shouldStop) => {
      const s = await runDeliveryPass(deps, deps.clock.now(), { shouldStop });
      const sent = s.send.sent + s.send.failed + s.send.retrying + s.trials.sent + s.trials.failed + s.trials.ended;
      if (sent || s.uncertain) deps.logger.info({ delivery: s }, 'delivery pass');
    },
    (err) => deps.logger.error({ err }, 'delivery pass failed'),
  );
}
