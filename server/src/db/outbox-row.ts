/**
 * What an outbox row of the account emails (`account_mails`, decision 503) and the follow alerts (`follow_alerts`,
 * decision 311) share: its state, attempts, next attempt, lease and last error. Written in the transaction that owes
 * the message, claimed with a lease, retried with backoff; the columns and their meaning are one, so they are
 * declared once.
 */
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export abstract class OutboxRow {
  state: OutboxState = 'pending';
  attempts = 0;
  nextAttemptAt: Date = new Date();
  leaseUntil: Date | null = null;
  lastError: string | null = null;
  createdAt: Date = new Date();
  sentAt: Date | null = null;
}

/** The schema of OutboxRow's columns, spread into each outbox's EntitySchema properties. */
export const OUTBOX_ROW_PROPERTIES = {
  state: { type: 'string', length: 16 },
  attempts: { type: 'integer' },
  nextAttemptAt: { type: 'datetime' },
  leaseUntil: { type: 'datetime', nullable: true },
  lastError: { type: 'string', length: 500, nullable: true },
  createdAt: { type: 'datetime' },
  sentAt: { type: 'datetime', nullable: true },
} as const;
