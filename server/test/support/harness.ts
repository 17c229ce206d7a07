import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createApp } from '../../src/app.js';
import { loadConfig, type AppConfig, type RateLimitConfig } from '../../src/config.js';
import { migrate, type Orm } from '../../src/db/orm.js';
import { openDatabase } from '../../src/database.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createLogger, type Logger } from '../../src/lib/logger.js';
import { createMailer, type Mailer } from '../../src/mail/mailer.js';
import { AccountMailQueue } from '../../src/modules/account-mail/account-mail.queue.js';
import { freshPostgresDatabase, testPostgresServer } from './postgres.js';

const roomy = { points: 10_000, durationSec: 60 };
const TEST_RATE_LIMITS: RateLimitConfig = {
  loginPerIp: roomy,
  loginPerEmail: roomy,
  signInCodePerIp: roomy,
  signInCodeWrongPerEmail: roomy,
  waitlistPerIp: roomy,
  draftPerIp: roomy,
  newDraftPerIp: roomy,
  calendarPerToken: roomy,
  calendarMissesPerIp: roomy,
};

export interface TestServer {
  url: string;
  config: AppConfig;
  orm: Orm;
  clock: ManualClock;
  mailer: Mailer;
  dataDir: string;
  /** Parsed emails in the mail folder (DATA_DIR/mail), oldest first (empty when SMTP_URL is set). */
  mailFolder(): Promise<ParsedMail[]>;
  /** The account emails' outbox: they go out after the answer; `await accountMail.idle()` before looking for one. */
  accountMail: AccountMailQueue;
  close(): Promise<void>;
}

/**
 * The environment of a CLI run against a test server's data: its DATA_DIR (the session secret lives there) and,
 * when the server runs on PostgreSQL (TEST_POSTGRES_SERVER), its database; quiet, no SMTP unless `extra` says.
 */
export function cliEnv(ts: TestServer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: ts.dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: '',
    ...(ts.config.database.kind === 'postgresql' ? { DATABASE_URL: ts.config.database.url } : {}),
    ...extra,
  };
}

export interface TestServerOptions {
  env?: Record<string, string>;
  rateLimits?: Partial<RateLimitConfig>;
  now?: Date | string;
  webDir?: string;
  /** Where the app logs (support/log-capture.ts keeps the lines); silent by default. */
  logger?: Logger;
}

/**
 * The real app on an ephemeral loopback port, with a fresh SQLite file migrated like production; with
 * TEST_POSTGRES_SERVER set (support/postgres.ts), a fresh database of that PostgreSQL server instead, so
 * `TEST_POSTGRES_SERVER=... npm test` runs the HTTP and delivery tests on PostgreSQL too.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-test-'));
  const pgServerUrl = options.env?.DATABASE_URL ? null : testPostgresServer();
  const pgServer = pgServerUrl ? await freshPostgresDatabase(pgServerUrl) : null;
  const env = pgServer ? { DATABASE_URL: pgServer.url, ...options.env } : options.env;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env });
  // Generous limits unless a test is about them, so validation tests can send many requests.
  config.rateLimits = { ...TEST_RATE_LIMITS, ...options.rateLimits };
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const orm = await openDatabase(config.database);
  await migrate(orm);
  const clock = new ManualClock(options.now ? new Date(options.now) : new Date());
  const mailer = createMailer(config.mail, logger);
  const accountMail = new AccountMailQueue({ em: orm.em, mailer, clock, logger });
  const server: Server = createServer(
    createApp(config, { orm, mailer, clock, logger, accountMail }, { webDir: options.webDir }).callback(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config.publicUrl = options.env?.PUBLIC_URL ?? url;
  return {
    url,
    config,
    orm,
    clock,
    mailer,
    dataDir,
    accountMail,
    mailFolder: async () => {
      await accountMail.idle();
      return readMailFolder(config.mail.mailDir);
    },
    async close() {
      await accountMail.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mailer.close();
      await orm.close();
      await pgServer?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function readMailFolder(dir: string): Promise<ParsedMail[]> {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
}

export function firstLink(mail: ParsedMail, pattern: RegExp): string {
  const match = (mail.text ?? '').match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in email "${mail.subject}"`);
  return match[0];
}
