import type { Orm } from './db/orm.js';
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

export function startHousekeeping(deps: { orm: Orm; clock: Clock; logger: Logger }) {
  const tick = () =>
    runHousekeeping(deps)
      .then((removed) => deps.logger.debug({ removed }, 'housekeeping'))
      .catch((err) => deps.logger.warn({ err }, 'housekeeping failed'));
  const timer = setInterval(tick, HOUR);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
