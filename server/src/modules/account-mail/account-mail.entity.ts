import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import { OUTBOX_ROW_PROPERTIES, OutboxRow } from '../../db/outbox-row.js';

/**
 * An account email owed (a sign-in link, a waitlist confirmation, a billing notice): written in the transaction
 * of the request or event that owes it and sent after it, so an email is not lost when the server stops in
 * between, and a request costs the same whether an email follows or not. The row holds what to send and to
 * whom, never the email itself: a sign-in link is made when it is sent, and nothing a visitor typed is sent anywhere.
 */
export class AccountMail extends OutboxRow {
  id: string = randomUUID();
  kind!: string;
  recipient!: string;
  /** For a sign-in link: the page on this site it opens after sign-in (`next=`), or null for the home page. */
  nextPath: string | null = null;
  /** What the kind's renderer needs besides the address, as of when the email was owed (a billing notice's plan, its trial end). */
  params: Record<string, string | null> | null = null;
}

export const AccountMailSchema = new EntitySchema<AccountMail>({
  class: AccountMail,
  tableName: 'account_mails',
  indexes: [{ properties: ['state', 'nextAttemptAt'] }, { properties: ['recipient', 'kind'] }],
  properties: {
    id: { type: 'uuid', primary: true },
    kind: { type: 'string', length: 32 },
    recipient: { type: 'string', length: 254 },
    nextPath: { type: 'string', length: 2000, nullable: true },
    params: { type: 'json', nullable: true },
    ...OUTBOX_ROW_PROPERTIES,
  },
});
