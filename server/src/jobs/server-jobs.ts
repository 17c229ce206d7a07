import { createAudioStore, type AudioConfig } from '../audio/audio.config.js';
import { ReadyEpisodes } from '../audio/ready-episodes.js';
import type { Orm } from '../db/orm.js';
import type { DeliveryConfig } from '../delivery/deps.js';
import { EngineEditionReader } from '../delivery/engine-edition.js';
import type { Engine } from '../engine/engine.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Mailer } from '../mail/mailer.js';
import type { AccountMailQueue } from '../modules/account-mail/account-mail.queue.js';
import { scheduleAccountMail } from './account-mail-schedule.js';
import { scheduleAudioPreparation } from './audio-schedule.js';
import { FollowAlertQueue } from '../modules/follows/follow-alerts.queue.js';
import { scheduleFollowAlerts } from './follow-alerts-schedule.js';
import { scheduleDelivery } from './delivery-schedule.js';
import { scheduleHousekeeping } from './housekeeping.js';
import { scheduleIngest } from './ingest-schedule.js';
import type { PeriodicJobs } from './periodic-jobs.js';

export interface ServerJobsDeps {
  orm: Orm;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  accountMail: AccountMailQueue;
  engine: Engine;
  config: {
    publicUrl: string;
    sessionSecret: string;
    delivery: DeliveryConfig;
    followAlerts: { allowPrivateWebhooks: boolean };
    audio: AudioConfig;
    engine: { ingestIntervalMinutes: number };
  };
}

/**
 * Everything a server does on a schedule, through one `PeriodicJobs` (decision 012): account emails, housekeeping
 * and the ingest; delivery passes unless DELIVERY_SCHEDULER=off; audio preparation unless AUDIO_PREPARE=off.
 * `stop()` starts nothing more, lets the runs under way end at their next boundary and waits for them, then
 * closes what they held.
 */
export async function startServerJobs(jobs: PeriodicJobs, deps: ServerJobsDeps): Promise<{ stop(): Promise<void> }> {
  const { orm, clock, logger, config } = deps;
  await scheduleAccountMail(jobs, deps.accountMail);
  await scheduleFollowAlerts(
    jobs,
    new FollowAlertQueue({
      em: orm.em,
      mailer: deps.mailer,
      clock,
      logger,
      publicUrl: () => config.publicUrl,
      allowPrivateWebhooks: config.followAlerts.allowPrivateWebhooks,
    }),
  );
  await scheduleHousekeeping(jobs, {
    orm,
    clock,
    logger,
    audio: { store: createAudioStore(config.audio), retentionDays: config.audio.retentionDays },
  });
  // INGEST_INTERVAL_MINUTES, hourly by default; 0 leaves it to `npm run ingest`.
  const ingestEnded = scheduleIngest(deps.engine, {
    intervalMinutes: config.engine.ingestIntervalMinutes,
    jobs,
    logger,
    onReport: ({ outcomes, ...summary }) => logger.info({ ...summary, sourcesListed: outcomes.length }, 'ingest pass finished'),
  });
  if (config.delivery.scheduler) {
    await scheduleDelivery(jobs, {
      orm,
      mailer: deps.mailer,
      clock,
      logger,
      config,
      editions: new EngineEditionReader(orm, clock),
      episodes: new ReadyEpisodes(orm),
    });
  }
  const audio = config.audio.enabled ? await scheduleAudioPreparation(jobs, { orm, clock, logger, config }) : null;
  return {
    async stop() {
      await jobs.stop();
      await ingestEnded();
      await audio?.close();
      // Emails kicked by the last requests and events.
      await deps.accountMail.idle();
    },
  };
}
