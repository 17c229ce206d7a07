import type { Orm } from '../db/orm.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Mailer } from '../mail/mailer.js';
import type { EditionReader } from './edition-port.js';

/** What a delivery pass needs; the server, the CLI, the tests and the benchmark each hand over real ones. */
export interface DeliveryDeps {
  orm: Orm;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  editions: EditionReader;
  /** Ready audio episodes, for the premium email's "Listen (N min)" line; without it no email has the line. */
  episodes?: EpisodeLookup;
  config: { publicUrl: string; sessionSecret: string; delivery: DeliveryConfig };
}

/** The delivery scheduler and outbox (server/src/delivery, docs/decisions/301-303). */
export interface DeliveryConfig {
  /** Whether the server process runs delivery passes itself (the CLI `npm run deliver` works either way). */
  scheduler: boolean;
  intervalSec: number;
  /** Emails in flight at once. */
  concurrency: number;
  /** How long after a subscriber's delivery time a missed digest is still sent (a server that was down catches up). */
  catchUpHours: number;
  /** Attempts before a row is left `failed` for the operator. */
  maxAttempts: number;
  /**
   * Minutes before their delivery time that the digests of premium subscribers with audio on are planned and
   * composed, so the audio job has their episode ready when the email goes (decision 408); 0: at the hour.
   */
  audioLeadMinutes: number;
  /** Shared secret of the SMTP provider's bounce/complaint webhook; the endpoint answers 503 without it. */
  webhookSecret: string | null;
  breaking: { minSources: number; windowHours: number; maxPerDay: number };
}

/** The audio layer's answer to "is this digest's episode ready, and how long is it?" (decision 407). */
export interface EpisodeLookup {
  /** The length in seconds of each of these digests' episodes that is ready to play; others are absent. */
  readyEpisodes(digestIds: string[]): Promise<Map<string, number>>;
}
