import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { removeOldAudio } from '../audio/retention.js';
import type { AudioStore } from '../audio/storage.js';
import type { Orm } from '../db/orm.js';
import type { PeriodicJobs } from './periodic-jobs.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { purgeAccountMail } from '../modules/account-mail/account-mail.queue.js';
import { purgeExpiredLoginTokens } from '../modules/auth/auth.service.js';
import { DigestContent } from '../modules/digests/digest.entity.js';
import { purgeFollowAlerts } from '../modules/follows/follow-alerts.queue.js';
import { DbSessionStore } from '../modules/sessions/session.store.js';
import { WaitlistService } from '../modules/waitlist/waitlist.service.js';

const HOUR = 60 * 60 * 1000;

/**
 * Digest contents no digest holds any more, a day after they were written: a composer that lost a race
 * for a digest's key (its digest was dropped, its content stays), or an account deleted with its digests
 * (docs/decisions/306). A day old, so a content written by a composing batch in flight is never taken.
 */
export async function purgeOrphanContents(em: EntityManager, now: Date): Promise<number> {
  return (em as SqlEntityManager)
    .createQueryBuilder(DigestContent)
    .delete({ createdAt: { $lt: new Date(now.getTime() - 24 * HOUR) } })
    .andWhere('not exists (select 1 from digests d where d.content_id = digest_contents.id)')
    .execute('run')
    .then((r) => (r as { affectedRows?: number }).affectedRows ?? 0);
}

export interface HousekeepingDeps {
  orm: Orm;
  clock: Clock;
  /** Audio past its retention (decision 412): episodes of old digests and unused cached sentences, in this store. */
  audio?: { store: AudioStore; retentionDays: number };
}

/**
 * Hourly removal of expired sessions, used-up sign-in links, abandoned waitlist drafts, orphaned digest
 * contents, account emails and follow alerts done with, and audio past its retention.
 */
export async function runHousekeeping({ orm, clock, audio }: HousekeepingDeps) {
  const em = orm.em.fork();
  const sessions = await new DbSessionStore(em).purgeExpired(clock.now());
  const tokens = await purgeExpiredLoginTokens(em, clock.now());
  const drafts = await new WaitlistService(em, clock).purgeStaleDrafts();
  // Before the contents: an orphaned content takes its episodes' rows with it (cascade), not their files.
  const removedAudio = audio ? await removeOldAudio({ orm, store: audio.store }, clock.now(), audio.retentionDays) : null;
  const contents = await purgeOrphanContents(em, clock.now());
  const accountMails = await purgeAccountMail(em, clock.now());
  const followAlerts = await purgeFollowAlerts(em, clock.now());
  return { sessions, tokens, drafts, contents, accountMails, followAlerts, audio: removedAudio };
}

/** Registers housekeeping as an hourly job: once an hour for the whole deployment. */
export function scheduleHousekeeping(jobs: PeriodicJobs, deps: HousekeepingDeps & { logger: Logger }): Promise<void> {
  return jobs.every('housekeeping', {
    intervalSec: HOUR / 1000,
    timeoutSec: 15 * 60,
    run: () => runHousekeeping(deps).then((removed) => deps.logger.debug({ removed }, 'housekeeping')),
  });
}
