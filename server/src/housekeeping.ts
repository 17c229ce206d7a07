import type { Orm } from './db/orm.js';
import type { PeriodicJobs } from './jobs/periodic-jobs.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import { purgeExpiredLoginTokens } from './modules/auth/auth.service.js';
import { DbSessionStore } from './modules/sessions/session.store.js';
import { WaitlistService } from './modules/waitlist/waitlist.service.js';

const HOUR = 60 * 60 * 1000;

/** Hourly removal of expired sessions, used-up sign-in links and abandoned waitlist drafts. */
export async function runHousekeeping({ orm, clock }: { orm: Orm; clock: Clock }) {
  const em = orm.em.fork();
  const sessions = await new DbSessionStore(em).purgeExpired(clock.now());
  const tokens = await purgeExpiredLoginTokens(em, clock.now());
  const drafts = await new WaitlistService(em, clock).purgeStaleDrafts();
  return { sessions, tokens, drafts };
}

/** Registers housekeeping as an hourly job: once an hour for the whole deployment. */
export function scheduleHousekeeping(jobs: PeriodicJobs, deps: { orm: Orm; clock: Clock; logger: Logger }): Promise<void> {
  return jobs.every('housekeeping', {
    intervalSec: HOUR / 1000,
    timeoutSec: 15 * 60,
    run: () => runHousekeeping(deps).then((removed) => deps.logger.debug({ removed }, 'housekeeping')),
  });
}
