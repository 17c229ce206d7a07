import { loadConfig, type AppConfig } from '../config.js';
import { migrate, type Orm } from '../db/orm.js';
import { openDatabase } from '../database.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { createMailer, type Mailer } from '../mail/mailer.js';

export interface CliContext {
  config: AppConfig;
  orm: Orm;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  close(): Promise<void>;
}

/** What every operator command needs: the same config, database (migrated) and mailer as the server. */
export async function openCli(env: NodeJS.ProcessEnv = process.env): Promise<CliContext> {
  const config = loadConfig(env);
  const logger = createLogger(env.LOG_LEVEL ?? 'warn');
  const orm = await openDatabase(config.database);
  await migrate(orm);
  const mailer = createMailer(config.mail, logger);
  return {
    config,
    orm,
    mailer,
    clock: systemClock,
    logger,
    async close() {
      await mailer.close();
      await orm.close();
    },
  };
}
