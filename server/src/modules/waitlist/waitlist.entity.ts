import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';

export class WaitlistEntry {
  id: string = randomUUID();
  email!: string;
  firstName!: string;
  lastName!: string;
  phoneNumber!: string;
  invitedAt: Date | null = null;
  createdAt: Date = new Date();
}

export const WaitlistEntrySchema = new EntitySchema<WaitlistEntry>({
  class: WaitlistEntry,
  tableName: 'waitlist_entries',
  properties: {
    id: { type: 'uuid', primary: true },
    email: { type: 'string', length: 254, unique: true },
    firstName: { type: 'string', length: 100 },
    lastName: { type: 'string', length: 100 },
    phoneNumber: { type: 'string', length: 32 },
    invitedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
  },
});

/** What a visitor has typed into the waitlist dialog so far, one row per visitor session. */
export class WaitlistDraft {
  id: string = randomUUID();
  visitorKey!: string;
  email = '';
  firstName = '';
  lastName = '';
  phoneNumber = '';
  updatedAt: Date = new Date();
}

export const WaitlistDraftSchema = new EntitySchema<WaitlistDraft>({
  class: WaitlistDraft,
  tableName: 'waitlist_drafts',
  properties: {
    id: { type: 'uuid', primary: true },
    visitorKey: { type: 'string', length: 64, unique: true },
    email: { type: 'string', length: 254 },
    firstName: { type: 'string', length: 100 },
    lastName: { type: 'string', length: 100 },
    phoneNumber: { type: 'string', length: 32 },
    updatedAt: { type: 'datetime' },
  },
});
