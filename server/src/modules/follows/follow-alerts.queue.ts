import { createHmac } from 'node:crypto';
import type { EntityManager, RequiredEntityData } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { changeLine, FOLLOW_WEBHOOK_SIGNATURE_HEADER, isHttpUrl, PRODUCT_NAME, type EntityChange } from '@dcbrief/shared';
import { perStatement } from '../../db/per-statement.js';
import type { Clock } from '../../lib/clock.js';
import { escapeHtml } from '../../lib/html.js';
import type { Logger } from '../../lib/logger.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { User } from '../users/user.entity.js';
import { FollowAlert, FollowAlertSettings, type FollowAlertChannel } from './follow-alert.entity.js';
import { followedByUser } from './follows.service.js';
import { changesOf } from './what-changed.js';
import { checkWebhookAddress, webhookFetch } from './webhook-address.js';

/**
 * Alerts when a followed entity's status changes (docs/decisions/311): each run finds the status changes stated in the
 * last ALERT_LOOK_BACK_MS of the entities that subscribers with alerts follow, writes one outbox row per subscriber,
 * channel and change (a unique key: a rescan, a second server or a restart writes none again), then sends the rows
 * that are due. A webhook is a JSON POST signed with the subscriber's secret (`t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`, as Stripe signs), its row id as `Idempotency-Key`; a failure is retried with exponential backoff.
 */

/** Status changes stated this long ago or less alert; older ones (an entity followed today) are history, not news. */
export const ALERT_LOOK_BACK_MS = 48 * 3600_000;
/** Retry delays: 1, 2, 4, ... minutes, at most 4 hours apart. */
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 4 * 3600_000;
export const ALERT_MAX_ATTEMPTS = 10;
const LEASE_MS = 5 * 60_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface FollowAlertsDeps {
  em: EntityManager;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: () => string;
  allowPrivateWebhooks: boolean;
}

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** The webhook's signature header for a body sent at `at`. */
export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export class FollowAlertQueue {
  constructor(private readonly deps: FollowAlertsDeps) {}

  /** One run: new alerts written, then the due ones sent. */
  async run(stopping: () => boolean = () => false): Promise<{ written: number; sent: number }> {
    const written = await this.scan();
    const sent = await this.sendDue(stopping);
    return { written, sent };
  }

  /** Writes the alerts owed for status changes stated in the look-back; returns how many rows are new. */
  async scan(): Promise<number> {
    const em = this.deps.em.fork();
    const now = this.deps.clock.now();
    const settings = await em.find(
      FollowAlertSettings,
      { $or: [{ email: true }, { webhookUrl: { $ne: null } }] },
      { disableIdentityMap: true },
    );
    if (!settings.length) return 0;
    const follows = await followedByUser(
      em,
      settings.map((s) => s.user.id),
    );
    const entityIds = [...new Set([...follows.values()].flatMap((set) => [...set]))];
    const changes = (await changesOf(em, entityIds, new Date(now.getTime() - ALERT_LOOK_BACK_MS), new Date(now.getTime() + 1))).filter(
      (c) => c.type === 'status',
    );
    if (!changes.length) return 0;
    const rows: Array<RequiredEntityData<FollowAlert>> = [];
    for (const s of settings) {
      const followed = follows.get(s.user.id);
      if (!followed) continue;
      const channels: FollowAlertChannel[] = [...(s.email ? (['email'] as const) : []), ...(s.webhookUrl ? (['webhook'] as const) : [])];
      for (const change of changes) {
        if (!followed.has(change.entity.id)) continue;
        for (const channel of channels)
          rows.push({
            id: crypto.randomUUID(),
            user: s.user.id,
            channel,
            idempotencyKey: `${s.user.id}|${channel}|${change.key}`,
            change,
            state: 'pending',
            attempts: 0,
            nextAttemptAt: now,
            createdAt: now,
          });
      }
    }
    let written = 0;
    for (const chunk of perStatement(rows, 100)) {
      const before = await em.count(FollowAlert, { idempotencyKey: { $in: chunk.map((r) => r.idempotencyKey) } });
      await (em as SqlEntityManager).createQueryBuilder(FollowAlert).insert(chunk).onConflict('idempotency_key').ignore().execute();
      written += chunk.length - before;
    }
    return written;
  }

  /** Sends every row whose time has come (and those a stopped process left claimed past their lease). */
  async sendDue(stopping: () => boolean = () => false): Promise<number> {
    const em = this.deps.em.fork();
    const now = this.deps.clock.now();
    await em.nativeUpdate(FollowAlert, { state: 'sending', leaseUntil: { $lt: now } }, { state: 'pending', leaseUntil: null });
    const due = await em.find(
      FollowAlert,
      { state: 'pending', nextAttemptAt: { $lte: now } },
      { fields: ['id'], orderBy: { createdAt: 'asc', id: 'asc' }, limit: 500 },
    );
    let sent = 0;
    for (const { id } of due) {
      if (stopping()) break;
      if (await this.send(id)) sent++;
    }
    return sent;
  }

  /** Claims a row (of two servers, one sends it) and sends it once; false when it was not sent now. */
  private async send(id: string): Promise<boolean> {
    const { clock, logger } = this.deps;
    const em = this.deps.em.fork();
    const now = clock.now();
    const claimed = await em.nativeUpdate(
      FollowAlert,
      { id, state: 'pending' },
      { state: 'sending', leaseUntil: new Date(now.getTime() + LEASE_MS) },
    );
    if (claimed !== 1) return false;
    const row = await em.findOneOrFail(FollowAlert, { id }, { disableIdentityMap: true });
    const attempts = row.attempts + 1;
    try {
      const done = await this.deliver(em, row);
      await em.nativeUpdate(
        FollowAlert,
        { id, state: 'sending' },
        { state: done ? 'sent' : 'skipped', sentAt: done ? clock.now() : null, leaseUntil: null, attempts },
      );
      return done;
    } catch (err) {
      const failed = attempts >= ALERT_MAX_ATTEMPTS;
      logger.warn(
        { err, alertId: id, channel: row.channel, attempts },
        failed ? 'follow alert failed for good' : 'follow alert: will retry',
      );
      await em.nativeUpdate(
        FollowAlert,
        { id, state: 'sending' },
        {
          state: failed ? 'failed' : 'pending',
          attempts,
          leaseUntil: null,
          nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)),
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        },
      );
      return false;
    }
  }

  /** Sends one alert; false when its channel was turned off since it was written. */
  private async deliver(em: EntityManager, row: FollowAlert): Promise<boolean> {
    const settings = await em.findOne(FollowAlertSettings, { user: row.user.id }, { disableIdentityMap: true });
    if (row.channel === 'email') {
      if (!settings?.email) return false;
      const user = await em.findOne(User, { id: row.user.id }, { fields: ['email', 'firstName'], disableIdentityMap: true });
      if (!user) return false;
      await this.deps.mailer.send(alertEmail(user.email, row.change, this.deps.publicUrl()));
      return true;
    }
    if (!settings?.webhookUrl || !settings.webhookSecret) return false;
    await checkWebhookAddress(settings.webhookUrl, this.deps.allowPrivateWebhooks);
    const body = JSON.stringify(webhookBody(row));
    const res = await webhookFetch(
      settings.webhookUrl,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': `${PRODUCT_NAME} follow alerts`,
          'Idempotency-Key': row.id,
          [FOLLOW_WEBHOOK_SIGNATURE_HEADER]: signWebhook(settings.webhookSecret, body, this.deps.clock.now()),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      this.deps.allowPrivateWebhooks,
    );
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) throw new Error(`the webhook answered HTTP ${res.status}`);
    return true;
  }
}

/** The webhook's JSON: the alert's id (also the Idempotency-Key header), the entity and the stated change. */
export function webhookBody(row: Pick<FollowAlert, 'id' | 'change' | 'createdAt'>) {
  const c = row.change;
  return {
    id: row.id,
    type: 'entity.status_changed',
    createdAt: row.createdAt.toISOString(),
    entity: c.entity,
    change: { from: c.from, to: c.to, statedAt: c.statedAt, sentence: c.sentence, storyId: c.storyId, outlets: c.outlets },
    text: `${c.entity.name}: ${changeLine(c)}`,
  };
}

function alertEmail(to: string, c: EntityChange, publicUrl: string): MailMessage {
  const subject = `${c.entity.name}: ${changeLine(c)}`;
  const outlets = c.outlets.map((o) => (o.url && isHttpUrl(o.url) ? `${o.name}: ${o.url}` : o.name));
  const dashboard = `${publicUrl.replace(/\/$/, '')}/dashboard`;
  const text = [
    `${PRODUCT_NAME} | An entity you follow changed`,
    '',
    `${c.entity.name}: ${changeLine(c)} (${c.statedAt.slice(0, 10)})`,
    `"${c.sentence}"`,
    '',
    'As stated by:',
    ...outlets.map((o) => `  ${o}`),
    '',
    `Change your alerts: ${dashboard}`,
  ].join('\n');
  const outletsHtml = c.outlets
    .map((o) => (o.url && isHttpUrl(o.url) ? `<a href="${escapeHtml(o.url)}">${escapeHtml(o.name)}</a>` : escapeHtml(o.name)))
    .join(', ');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#111827">
<p style="font-size:13px;font-weight:700;color:#1d4ed8">${escapeHtml(PRODUCT_NAME.toUpperCase())}</p>
<h1 style="font-size:20px">${escapeHtml(c.entity.name)}: ${escapeHtml(changeLine(c))}</h1>
<p>${escapeHtml(c.statedAt.slice(0, 10))} · ${outletsHtml}</p>
<blockquote style="color:#4b5563">${escapeHtml(c.sentence)}</blockquote>
<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(dashboard)}">Change your alerts</a></p>
</body></html>`;
  return { to, subject, text, html };
}

/** Rows done with after a week, failed ones after a month (housekeeping). */
export function purgeFollowAlerts(em: EntityManager, now: Date): Promise<number> {
  const day = 24 * 3600_000;
  return em.nativeDelete(FollowAlert, {
    $or: [
      { state: { $in: ['sent', 'skipped'] }, createdAt: { $lt: new Date(now.getTime() - 7 * day) } },
      { state: 'failed', createdAt: { $lt: new Date(now.getTime() - 30 * day) } },
    ],
  });
}
