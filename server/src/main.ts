import { createServer } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './database.js';
import { migrate } from './db/orm.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { createMailer } from './mail/mailer.js';
import { createPeriodicJobs } from './jobs/periodic-jobs.js';
import { startServerJobs } from './jobs/server-jobs.js';
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
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  // All periodic work, one mechanism: timers here on SQLite, pg-boss on PostgreSQL for what runs once per
  // interval for the whole deployment (decisions 010, 012).
  const jobs = await createPeriodicJobs(config.database, logger);
  const engine = createEngine(orm, config.engine, { logger, clock: systemClock });
  const work = await startServerJobs(jobs, { orm, mailer, clock: systemClock, logger, accountMail, engine, config });

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
    await work.stop();
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
