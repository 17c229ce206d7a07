import { EntitySchema } from '@mikro-orm/core';

/** A server-side session: the cookie holds only its random id, so logout and expiry revoke it. */
export class Session {
  id!: string;
  data!: Record<string, unknown>;
  userId: string | null = null;
  expiresAt!: Date;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const SessionSchema = new EntitySchema<Session>({
  class: Session,
  tableName: 'sessions',
  properties: {
    id: { type: 'string', length: 64, primary: true },
    data: { type: 'json' },
    userId: { type: 'uuid', nullable: true, index: true },
    expiresAt: { type: 'datetime', index: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime', onUpdate: () => new Date() },
  },
});
