import type { EntityManager } from '@mikro-orm/core';
import type { Context } from 'koa';
import { keepSessionAccountRow, sessionReader, toDate, type SessionData } from './session-read.js';
import { Session } from './session.entity.js';

/** koa-session's external store over the sessions table: the cookie carries only the random session id. */
export class DbSessionStore {
  private readonly read: ReturnType<typeof sessionReader>;

  constructor(private readonly em: EntityManager) {
    this.read = sessionReader(em);
  }

  /**
   * Every signed-in request starts here: one prepared read of the session and its account (measured in
   * bench/api.ts); koa-session passes the request, which keeps the account's row for the user loader.
   */
  async get(key: string, _maxAge?: unknown, options?: { ctx?: Context }): Promise<SessionData | undefined> {
    const row = await this.read(key);
    if (!row) return undefined;
    if (toDate(row.expiresAt).getTime() <= Date.now()) {
      await this.destroy(key);
      return undefined;
    }
    if (options?.ctx && row.userRow) keepSessionAccountRow(options.ctx, row.userRow);
    return row.data;
  }

  async set(key: string, data: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
    const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
    const em = this.em.fork();
    const expiresAt = new Date(Date.now() + ttl);
    const userId = typeof data.userId === 'string' ? data.userId : null;
    const now = new Date();
    await em.upsert(
      Session,
      { id: key, data, userId, expiresAt, createdAt: now, updatedAt: now },
      { onConflictFields: ['id'], onConflictExcludeFields: ['createdAt'] },
    );
  }

  async destroy(key: string): Promise<void> {
    await this.em.fork().nativeDelete(Session, { id: key });
  }

  /** Ends every session of an account, on every device ("Sign out of all devices"); how many there were. */
  async destroyAllOf(userId: string): Promise<number> {
    return this.em.fork().nativeDelete(Session, { userId });
  }

  /** Removes expired rows; the scheduler calls it now and then. */
  async purgeExpired(now = new Date()): Promise<number> {
    return this.em.fork().nativeDelete(Session, { expiresAt: { $lte: now } });
  }
}
