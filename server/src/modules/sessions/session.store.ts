import type { EntityManager } from '@mikro-orm/core';
import { Session } from './session.entity.js';

type SessionData = Record<string, unknown> & { userId?: string };

/** koa-session's external store over the sessions table: the cookie carries only the random session id. */
export class DbSessionStore {
  constructor(private readonly em: EntityManager) {}

  /** Every signed-in request starts here: one indexed read, without entity hydration (measured in bench/api.ts). */
  async get(key: string): Promise<SessionData | undefined> {
    const row = await this.em
      .getConnection()
      .execute<{ data: unknown; expires_at: unknown } | undefined>('select data, expires_at from sessions where id = ?', [key], 'get');
    if (!row) return undefined;
    if (toDate(row.expires_at).getTime() <= Date.now()) {
      await this.destroy(key);
      return undefined;
    }
    return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as SessionData;
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

/** SQLite returns datetimes as epoch milliseconds, PostgreSQL as Date. */
function toDate(value: unknown): Date {
  return value instanceof Date
    ? value
    : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number));
}
