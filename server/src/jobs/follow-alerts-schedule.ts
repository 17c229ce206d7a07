import type { FollowAlertQueue } from '../modules/follows/follow-alerts.queue.js';
import type { PeriodicJobs } from './periodic-jobs.js';

/** How often each server looks for followed entities' status changes and sends the alerts that are due. */
export const FOLLOW_ALERTS_INTERVAL_SEC = 60;

/**
 * Follow alerts (docs/decisions/311) on every server, every minute: rows are written under a unique key and sent
 * after a conditional claim, so servers share the work and nothing is written or sent twice.
 */
export function scheduleFollowAlerts(jobs: PeriodicJobs, alerts: FollowAlertQueue): Promise<void> {
  return jobs.every('follow-alerts', {
    scope: 'every-server',
    intervalSec: FOLLOW_ALERTS_INTERVAL_SEC,
    timeoutSec: 5 * 60,
    run: async (stopping) => void (await alerts.run(stopping)),
  });
}
