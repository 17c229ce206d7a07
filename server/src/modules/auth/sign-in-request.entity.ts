import { EntitySchema } from '@mikro-orm/core';

/**
 * The newest sign-in request of an address, written by every `POST /api/login` whether or not the address may
 * sign in: the one-time code's wrong tries are counted here, so the code endpoint answers the same for an
 * invited address and any other (docs/decisions/020). A new request starts the count again.
 */
export class SignInRequest {
  email!: string;
  requestedAt!: Date;
  /** When the request's code stops working: set at the request, moved when its email is sent. */
  expiresAt!: Date;
  /** Tries of the code so far; at SIGN_IN_CODE_MAX_TRIES the code is dead (the link is not). */
  codeTries = 0;
}

export const SignInRequestSchema = new EntitySchema<SignInRequest>({
  class: SignInRequest,
  tableName: 'sign_in_requests',
  properties: {
    email: { type: 'string', length: 254, primary: true },
    requestedAt: { type: 'datetime' },
    expiresAt: { type: 'datetime', index: true },
    codeTries: { type: 'integer', default: 0 },
  },
});
