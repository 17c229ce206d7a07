import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';

/**
 * A magic sign-in link and the one-time code sent beside it (docs/decisions/020). Only the SHA-256 of the token
 * and a keyed hash (HMAC) of the code are stored; using either marks the row used.
 */
export class LoginToken {
  id: string = randomUUID();
  tokenHash!: string;
  email!: string;
  expiresAt!: Date;
  /** HMAC-SHA256 of the address and the code under a key derived from SESSION_SECRET; null for rows made before codes. */
  codeHash: string | null = null;
  usedAt: Date | null = null;
  createdAt: Date = new Date();
}

export const LoginTokenSchema = new EntitySchema<LoginToken>({
  class: LoginToken,
  tableName: 'login_tokens',
  properties: {
    id: { type: 'uuid', primary: true },
    tokenHash: { type: 'string', length: 64, unique: true },
    email: { type: 'string', length: 254, index: true },
    expiresAt: { type: 'datetime' },
    codeHash: { type: 'string', length: 64, nullable: true },
    usedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
  },
});
