import type { EntityManager } from '@mikro-orm/core';
import { Session } from './session.entity.js';

type SessionData = Record<string, unknown> & { userId?: string };

/** koa-session's external store over the sessions table: the cookie carries only the random session id. */
export class DbSessionStore {
  constructor(private readonly em: EntityManager) {}

  async get(key: string): Promise<SessionData | undefined> {
    const row = await this.em.fork().findOne(Session, { id: key });
    if (!row) return undefined;
    if (row.expiresAt.getTime() <= Date.now()) {
      await this.destroy(key);
      return undefined;
    }
    return row.data as SessionData;
  }

  async set(key: string, data: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
    const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
    const em = this.em.fork();
    const expiresAt = new Date(Date.now() + ttl);
    const userId = typeof data.userId === 'string' ? data.userId : null;
    const now = new Date();
    await em.upsert(Session, { id: key, data, userId, expiresAt, createdAt: now, updatedAt: now }, { onConflictFields: ['id'], onConflictExcludeFields: ['createdAt'] });
  }

  async destroy(key: string): Promise<void> {
    await this.em.fork().nativeDelete(Session, { id: key });
  }

  /** Removes expired rows; the scheduler calls it now and then. */
  async purgeExpired(now = new Date()): Promise<number> {
    return this.em.fork().nativeDelete(Session, { expiresAt: { $lte: now } });
  }
}
