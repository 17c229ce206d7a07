import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import type pg from 'pg';
import { watchLocalWrites } from '../../db/local-writes.js';
import { deepFreeze } from '../../lib/deep-freeze.js';
import { NotifyListener } from '../../db/notify-listener.js';

/** The channel the PostgreSQL migration's triggers notify (Migration20261123170000). */
export const SESSION_CACHE_CHANNEL = 'dcb_session_cache';
/** How the listening connection shows in pg_stat_activity. */
export const SESSION_CACHE_APPLICATION = 'dcbrief-session-cache';
const TRIGGERS = ['sessions_cache_notify', 'sessions_cache_truncate', 'users_cache_notify', 'users_cache_truncate'];

/** A safety net only: entries are removed when the database says their rows changed. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** What the cache keeps: a read of a session with its account's row (only reads with one are kept). */
export interface CacheableRead {
  userRow: Record<string, unknown> | null;
}

interface Entry<T> {
  read: T;
  userId: string;
  storedAt: number;
}

/**
 * PostgreSQL: the signed-in read (session with its account) kept per process, so a request need not wait for a
 * round trip, and invalidated by the database itself (docs/decisions/525):
 * - it is used only while the listener's `LISTEN` is acknowledged; when the listener goes down or comes back up,
 *   it is emptied, and while down every read goes to the database;
 * - a notification (another server, a CLI, raw SQL: the triggers see every committed change of `sessions` and
 *   `users`) removes the entries of its session or user, `*` all of them;
 * - a local write that may touch those tables, and any local commit, empties it (read-your-own-writes: this
 *   process's own notification arrives only after the answer that made the change);
 * - each of these bumps a generation: a read stores its row only if the generation it saw when it started is
 *   still the one when it ends, so a read that raced a change never stores what it read before the change.
 * Only found sessions with their account are stored. Entries are copied in and frozen, and answered as they are
 * (shared by the requests that read them, as the SQLite reader's kept rows are): a caller cannot change what it
 * gets, and the app makes its managed entity of a copy (`accountEntity` in current-user.ts), which a route may
 * change and flush. Copying out on every hit cost about 5% of the signed-in request (docs/decisions/526).
 */
export class SessionCache<T extends CacheableRead = CacheableRead> {
  private generation = 0;
  private listening = false;
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byUser = new Map<string, Set<string>>();
  /** What happened so far, for tests and diagnostics. */
  readonly stats = { hits: 0, stored: 0, ups: 0, downs: 0, notifications: 0, localWrites: 0 };

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get isListening(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached read of session `id` (frozen); undefined when not cached, too old, or the cache is not in use. */
  lookup(id: string): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt >= this.ttlMs) {
      this.remove(id);
      return undefined;
    }
    // Most recently used last: the size bound drops from the front.
    this.entries.delete(id);
    this.entries.set(id, entry);
    this.stats.hits++;
    return entry.read;
  }

  /** The generation a read starts at; pass it to `store`. */
  startRead(): number {
    return this.generation;
  }

  /** Keeps a copy of `read` unless something changed since the read started at `generation`. */
  store(id: string, read: T, generation: number): void {
    if (!this.listening || generation !== this.generation || !read.userRow) return;
    this.remove(id);
    const userId = String(read.userRow.id);
    this.entries.set(id, { read: deepFreeze(structuredClone(read)), userId, storedAt: Date.now() });
    let sessions = this.byUser.get(userId);
    if (!sessions) this.byUser.set(userId, (sessions = new Set()));
    sessions.add(id);
    this.stats.stored++;
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value!);
  }

  /** A notification's payload: `s:<session id>`, `u:<user id>`, anything else (`*`) means everything. */
  notified(payload: string): void {
    this.stats.notifications++;
    this.generation++;
    if (payload.startsWith('s:')) this.remove(payload.slice(2));
    else if (payload.startsWith('u:')) for (const id of [...(this.byUser.get(payload.slice(2)) ?? [])]) this.remove(id);
    else this.clear();
  }

  /** This process wrote (or committed something that may have written) sessions or users. */
  wroteLocally(): void {
    this.stats.localWrites++;
    this.generation++;
    this.clear();
  }

  /** The listener's `LISTEN` is acknowledged (true) or its connection is gone (false). */
  setListening(on: boolean): void {
    this.generation++;
    this.clear();
    this.listening = on;
    if (on) this.stats.ups++;
    else this.stats.downs++;
  }

  private clear() {
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const sessions = this.byUser.get(entry.userId);
    sessions?.delete(id);
    if (sessions && !sessions.size) this.byUser.delete(entry.userId);
  }
}

const caches = new WeakMap<AbstractSqlConnection, SessionCache<any>>();

/**
 * The session cache of the ORM's PostgreSQL connection, made on the first signed-in read (after the migrations):
 * it starts the listener and watches the connection's writes; closing the ORM closes the listener first, and the
 * cache is not used again.
 */
export function sessionCacheFor<T extends CacheableRead>(em: EntityManager): SessionCache<T> {
  const connection = em.getConnection() as AbstractSqlConnection;
  const existing = caches.get(connection) as SessionCache<T> | undefined;
  if (existing) return existing;
  const cache = new SessionCache<T>();
  caches.set(connection, cache);
  const url = em.config.get('clientUrl');
  // Without a URL to listen with, the cache is never in use: every read goes to the database.
  if (!url) return cache;
  const unwatch = watchLocalWrites(connection, ['sessions', 'users'], () => cache.wroteLocally());
  const listener = new NotifyListener(
    { url, channel: SESSION_CACHE_CHANNEL, applicationName: SESSION_CACHE_APPLICATION, ready: triggersInPlace },
    {
      notify: (payload) => cache.notified(payload),
      up: () => cache.setListening(true),
      down: () => cache.setListening(false),
    },
  );
  listener.start();
  const close = connection.close.bind(connection);
  connection.close = async (force?: boolean) => {
    connection.close = close;
    // The closed cache stays this connection's, never in use again: a read that comes in after the close (or
    // after a reconnect) goes to the database and starts no listener that nothing would close.
    unwatch();
    cache.setListening(false);
    await listener.close();
    return close(force);
  };
  return cache;
}

/**
 * Whether the migration's four triggers are on `sessions` and `users` and enabled: without them other servers'
 * changes would never be heard of, and the cache must not be used.
 */
async function triggersInPlace(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and t.tgenabled in ('O', 'A') and c.relname in ('sessions', 'users')
       and pg_table_is_visible(c.oid) and t.tgname = any($1)`,
    [TRIGGERS],
  );
  return rows[0]?.n === TRIGGERS.length;
}
