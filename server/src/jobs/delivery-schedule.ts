import type { DeliveryDeps } from '../delivery/deps.js';
import { runDeliveryPass } from '../delivery/pass.js';
import { LEASE_MS } from '../delivery/send.js';
import type { PeriodicJobs } from './periodic-jobs.js';

/**
 * A delivery pass every DELIVERY_INTERVAL_SECONDS on every server: the outbox's conditional claims share the
 * sending between them (decisions 010, 301). Shutting down, the pass claims nothing more and ends once the
 * emails under way are recorded.
 */
export function scheduleDelivery(jobs: PeriodicJobs, deps: DeliveryDeps): Promise<void> {
  return jobs.every('delivery', {
    scope: 'every-server',
    intervalSec: deps.config.delivery.intervalSec,
    timeoutSec: LEASE_MS / 1000,
    run: async (stopping) => {
      const s = await runDeliveryPass(deps, deps.clock.now(), { shouldStop: stopping });
      const sent = s.send.sent + s.send.failed + s.send.retrying + s.trials.sent + s.trials.failed + s.trials.ended;
      if (sent || s.uncertain) deps.logger.info({ delivery: s }, 'delivery pass');
    },
  });
}
