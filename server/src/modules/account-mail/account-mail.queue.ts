import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { AccountMail } from './account-mail.entity.js';

/**
 * What a row becomes when it is sent: the message, or null when nothing is owed after all (a sign-in
 * request for an address that may not sign in). Runs with its own EntityManager, outside any request.
 */
export type AccountMailRenderer = (
  em: EntityManager,
  recipient: string,
  row: Pick<AccountMail, 'nextPath' | 'params'>,
) => Promise<MailMessage | null>;

/** Attempts before a row is left `failed`, unless its kind was registered with its own budget. */
const MAX_ATTEMPTS = 5;
/** Backoff between attempts: 1, 5, 15, 60 minutes. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
/** A row claimed longer ago than this by a process that never recorded the outcome is tried again. */
const LEASE_MS = 5 * 60_000;

export interface AccountMailDeps {
  em: EntityManager;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

/**
 * The account emails' outbox (docs/decisions/503). A request writes a row in its own transaction
 * (`enqueue`) and answers; `kick` sends it right after, and `sendDue` (a periodic job of every server, at boot
 * and every minute: jobs/account-mail-schedule.ts) sends what a stopped server left behind and the retries. Delivery is at least once: a server stopped mid-send sends again,
 * which for a sign-in link or a confirmation is better than never.
 */
export class AccountMailQueue {
  private readonly renderers = new Map<string, { render: AccountMailRenderer; maxAttempts: number }>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: AccountMailDeps) {}

  /**
   * Registers how rows of `kind` are rendered, and how many attempts they get (5 by default: about an hour and a
   * half, past which a sign-in link is of no use); the composition root does this once per kind.
   */
  register(kind: string, render: AccountMailRenderer, options: { maxAttempts?: number } = {}): this {
    this.renderers.set(kind, { render, maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS });
    return this;
  }

  /** Adds a row to `em`'s unit of work: it is written with the caller's flush, in the caller's transaction. */
  enqueue(
    em: EntityManager,
    kind: string,
    recipient: string,
    extra: { nextPath?: string | null; params?: AccountMail['params'] } = {},
  ): AccountMail {
    const now = this.deps.clock.now();
    const row = em.create(AccountMail, {
      id: crypto.randomUUID(),
      kind,
      recipient,
      nextPath: extra.nextPath ?? null,
      params: extra.params ?? null,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      leaseUntil: null,
      lastError: null,
      createdAt: now,
      sentAt: null,
    });
    em.persist(row);
    return row;
  }

  /** Whether a row of `kind` to `recipient` was written since `since` (to send some emails at most once a day). */
  async sentSince(em: EntityManager, kind: string, recipient: string, since: Date): Promise<boolean> {
    return (await em.count(AccountMail, { kind, recipient, createdAt: { $gte: since } })) > 0;
  }

  /** Sends the row now, in the background; the answer to the request does not wait for it. */
  kick(id: string): void {
    this.track(this.send(id));
  }

  /**
   * Sends every row whose time has come, and rows a stopped process left claimed; returns how many it tried.
   * `stopping()` (the server shuts down) ends it between two rows: the rest stay pending.
   */
  async sendDue(stopping: () => boolean = () => false): Promise<number> {
    const em = this.deps.em.fork();
    const now = this.deps.clock.now();
    await em.nativeUpdate(AccountMail, { state: 'sending', leaseUntil: { $lt: now } }, { state: 'pending', leaseUntil: null });
    const due = await em.find(AccountMail, { state: 'pending', nextAttemptAt: { $lte: now } }, { fields: ['id'], limit: 500 });
    let tried = 0;
    for (const { id } of due) {
      if (stopping()) break;
      await this.send(id);
      tried++;
    }
    return tried;
  }

  /** Resolves when every send started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private track(work: Promise<void>) {
    const settled = work.catch((err: unknown) => this.deps.logger.error({ err }, 'account email: send failed unexpectedly'));
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }

  private async send(id: string): Promise<void> {
    const { clock, logger, mailer } = this.deps;
    const em = this.deps.em.fork();
    const now = clock.now();
    // A conditional claim: of two processes (a kick and a pass, or two servers), one sends.
    const claimed = await em.nativeUpdate(
      AccountMail,
      { id, state: 'pending' },
      { state: 'sending', leaseUntil: new Date(now.getTime() + LEASE_MS) },
    );
    if (claimed !== 1) return;
    const row = await em.findOneOrFail(AccountMail, { id });
    const kind = this.renderers.get(row.kind);
    try {
      if (!kind) throw new Error(`no renderer for account email kind "${row.kind}"`);
      const message = await kind.render(em.fork(), row.recipient, row);
      if (message) await mailer.send(message);
      await em.nativeUpdate(
        AccountMail,
        { id, state: 'sending' },
        { state: message ? 'sent' : 'skipped', sentAt: message ? clock.now() : null, leaseUntil: null, attempts: row.attempts + 1 },
      );
    } catch (err) {
      const attempts = row.attempts + 1;
      const failed = attempts >= (kind?.maxAttempts ?? MAX_ATTEMPTS);
      logger.warn({ err, kind: row.kind, mailId: id, attempts }, failed ? 'account email failed for good' : 'account email: will retry');
      await em.nativeUpdate(
        AccountMail,
        { id, state: 'sending' },
        {
          state: failed ? 'failed' : 'pending',
          attempts,
          leaseUntil: null,
          nextAttemptAt: new Date(clock.now().getTime() + BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!),
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        },
      );
    }
  }
}

/** Rows done with (sent, skipped) after a day, failed ones after a month: they name an address. */
export function purgeAccountMail(em: EntityManager, now: Date): Promise<number> {
  const day = 24 * 60 * 60 * 1000;
  return em.nativeDelete(AccountMail, {
    $or: [
      { state: { $in: ['sent', 'skipped'] }, createdAt: { $lt: new Date(now.getTime() - day) } },
      { state: 'failed', createdAt: { $lt: new Date(now.getTime() - 30 * day) } },
    ],
  });
}
