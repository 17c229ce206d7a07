import { createServer } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './database.js';
import { migrate } from './db/orm.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { createMailer } from './mail/mailer.js';
import { ReadyEpisodes } from './audio/ready-episodes.js';
import { startAudioPreparation } from './jobs/audio-schedule.js';
import { createAudioStore } from './audio/audio.config.js';
import { scheduleHousekeeping } from './jobs/housekeeping.js';
import { scheduleIngest } from './jobs/ingest-schedule.js';
import { createPeriodicJobs } from './jobs/periodic-jobs.js';
import { EngineEditionReader } from './delivery/engine-edition.js';
import { startDeliveryScheduler } from './delivery/scheduler.js';
import { createEngine } from './engine/engine.js';
import { AccountMailQueue } from './modules/account-mail/account-mail.queue.js';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const orm = await openDatabase(config.database);
  const applied = await migrate(orm);
  if (applied.length) logger.info({ applied }, 'database migrated');
  const mailer = createMailer(config.mail, logger);
  if (!config.mail.smtpUrl) logger.info({ mailDir: config.mail.mailDir }, 'SMTP_URL not set: emails are written to the mail folder');

  const accountMail = new AccountMailQueue({ em: orm.em, mailer, clock: systemClock, logger });
  const app = createApp(config, { orm, mailer, clock: systemClock, logger, accountMail });
  // Account emails a stopped server owed, then retries, every minute on every server (claims are conditional).
  const sendDueMail = () => accountMail.sendDue().catch((err: unknown) => logger.error({ err }, 'account email pass failed'));
  void sendDueMail();
  const mailTimer = setInterval(sendDueMail, 60_000);
  mailTimer.unref();
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  // Periodic work runs once per interval for the whole deployment: timers here on SQLite, pg-boss on
  // PostgreSQL so that several servers share it (decision 010).
  const jobs = await createPeriodicJobs(config.database, logger);
  await scheduleHousekeeping(jobs, {
    orm,
    clock: systemClock,
    logger,
    audio: { store: createAudioStore(config.audio), retentionDays: config.audio.retentionDays },
  });
  // Ingestion on a schedule (INGEST_INTERVAL_MINUTES, hourly by default; 0 leaves it to `npm run ingest`).
  const engine = createEngine(orm, config.engine, { logger, clock: systemClock });
  const stopIngest = scheduleIngest(engine, {
    intervalMinutes: config.engine.ingestIntervalMinutes,
    jobs,
    logger,
    onReport: ({ outcomes, ...summary }) => logger.info({ ...summary, sourcesListed: outcomes.length }, 'ingest pass finished'),
  });
  // Delivery passes run on every server: the outbox's conditional claims share the sending between them.
  const delivery = config.delivery.scheduler
    ? startDeliveryScheduler({
        orm,
        mailer,
        clock: systemClock,
        logger,
        config,
        editions: new EngineEditionReader(orm, systemClock),
        episodes: new ReadyEpisodes(orm),
      })
    : null;
  // Premium audio episodes, prepared as digests are composed (AUDIO_PREPARE=off leaves it to another server).
  const audio = config.audio.enabled ? startAudioPreparation({ orm, clock: systemClock, logger, config }) : null;

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  logger.info({ url: config.publicUrl, database: config.database.kind }, 'DC Brief is running');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections?.();
    clearInterval(mailTimer);
    await accountMail.idle();
    await delivery?.stop();
    await audio?.stop();
    await stopIngest();
    await jobs.stop();
    await mailer.close();
    await orm.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
