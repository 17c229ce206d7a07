import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** Payloads listeners send themselves (never passed on, whoever sent them); other senders must not start theirs with it. */
export const ECHO_PREFIX = 'echo:';
const ECHO_TIMEOUT_MS = 10_000;

export interface NotifyListenerEvents {
  /** A notification on the channel (its payload). */
  notify(payload: string): void;
  /** `LISTEN` is acknowledged, `ready` said yes and a notification of its own came back: from now on every
   * commit's notification arrives. */
  up(): void;
  /** The connection failed or ended: notifications may be missed until the next `up`. */
  down(): void;
}

export interface NotifyListenerOptions {
  /** The database's URL (the ORM's `clientUrl`). */
  url: string;
  /** A plain identifier: `LISTEN` takes no bound parameter. */
  channel: string;
  /** How the connection shows in pg_stat_activity. */
  applicationName: string;
  /** Asked after `LISTEN`, on the same connection: whether the listener may say `up` (e.g. the triggers exist). */
  ready?: (client: pg.Client) => Promise<boolean>;
  /** First reconnect delay, doubled after each failed attempt up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** This often, the listener notifies itself and waits to hear it back: a connection lost without a word, or
   * notifications no longer delivered, are noticed within this and the echo's 10 s timeout. */
  pingMs?: number;
}

/**
 * A dedicated PostgreSQL connection (its own `pg.Client`, not one of the ORM's pool) that `LISTEN`s on one channel
 * and says when it is up and down. On an error or end it reports `down` once and reconnects with a back-off;
 * `close` ends it for good. Its timers do not keep the process alive; its socket does until `close`.
 */
export class NotifyListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private delay: number;
  private readonly minDelay: number;
  private readonly maxDelay: number;
  private readonly pingMs: number;

  constructor(
    private readonly options: NotifyListenerOptions,
    private readonly events: NotifyListenerEvents,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`not a plain channel name: ${options.channel}`);
    this.minDelay = options.minDelayMs ?? 200;
    this.maxDelay = options.maxDelayMs ?? 10_000;
    this.pingMs = options.pingMs ?? 15_000;
    this.delay = this.minDelay;
  }

  start(): void {
    void this.connect();
  }

  /** Ends the connection and stops reconnecting. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (!client) return;
    // Bounded: a connection stuck half-open must not hold up the ORM's close.
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 2_000);
      timer.unref();
    });
    await Promise.race([client.end().catch(() => {}), gaveUp]);
    clearTimeout(timer);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { default: PgModule } = await import('pg');
    if (this.closed) return;
    const client = new PgModule.Client({
      connectionString: this.options.url,
      application_name: this.options.applicationName,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    this.client = client;
    let lost = false;
    let ping: NodeJS.Timeout | null = null;
    const echoes = new Map<string, () => void>();
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (ping) clearInterval(ping);
      if (this.client === client) this.client = null;
      this.events.down();
      client.end().catch(() => {});
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (lost || message.channel !== this.options.channel) return;
      const payload = message.payload ?? '';
      // Echoes are for their sender only: every other listener on the channel hears them too, and ignores them.
      if (payload.startsWith(ECHO_PREFIX)) echoes.get(payload)?.();
      else this.events.notify(payload);
    });
    /**
     * A notification sent on this connection and heard back on it: proves the whole path (`LISTEN` active on this
     * session, delivery working; a pooler in transaction mode, for one, would lose it).
     */
    const echo = async () => {
      const token = `${ECHO_PREFIX}${randomBytes(9).toString('base64url')}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve, reject) => {
        echoes.set(token, resolve);
        timer = setTimeout(() => reject(new Error('the listener did not hear its own notification')), ECHO_TIMEOUT_MS);
        timer.unref();
      });
      try {
        await client.query('select pg_notify($1, $2)', [this.options.channel, token]);
        await heard;
      } finally {
        clearTimeout(timer);
        echoes.delete(token);
      }
    };
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
      if (this.options.ready && !(await this.options.ready(client))) throw new Error('the listener is not ready');
      await echo();
    } catch {
      onLost();
      return;
    }
    if (lost || this.closed) return;
    this.delay = this.minDelay;
    ping = setInterval(() => {
      echo().catch(onLost);
    }, this.pingMs);
    ping.unref();
    this.events.up();
  }

  private retry() {
    if (this.closed || this.retryTimer) return;
    const delay = this.delay;
    this.delay = Math.min(this.delay * 2, this.maxDelay);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }
}
