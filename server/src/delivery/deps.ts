import type { AppConfig } from '../config.js';
import type { Orm } from '../db/orm.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Mailer } from '../mail/mailer.js';
import type { EditionSource } from './edition-port.js';

/** What a delivery pass needs; the server, the CLI, the tests and the benchmark each hand over real ones. */
export interface DeliveryDeps {
  orm: Orm;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  editions: EditionSource;
  config: Pick<AppConfig, 'publicUrl' | 'sessionSecret' | 'delivery'>;
}

export type DigestKindKey = `${string}|${string}|${string}|${string}`;

export const rowKey = (userId: string, kind: string, date: string, slot: string): DigestKindKey => `${userId}|${kind}|${date}|${slot}`;

/** Stable per outbox row, so a resend of the same row carries the same Message-ID. */
export function messageIdFor(deliveryId: string, publicUrl: string): string {
  return `<${deliveryId}@${new URL(publicUrl).hostname || 'dcbrief.local'}>`;
}
