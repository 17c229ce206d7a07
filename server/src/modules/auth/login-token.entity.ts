import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';

/** A magic sign-in link. Only the SHA-256 of the token is stored. */
export class LoginToken {
  id: string = randomUUID();
  tokenHash!: string;
  email!: string;
  expiresAt!: Date;
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
    usedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
  },
});
