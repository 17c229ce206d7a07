import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import { DEFAULT_PREFERENCES, type Preferences, type Tier } from '@dcbrief/shared';

export const NO_SUBSCRIPTION_STATUS = 'inactive';

export class User {
  id: string = randomUUID();
  email!: string;
  firstName = '';
  lastName = '';
  subscriptionTier: Tier | null = null;
  subscriptionStatus: string = NO_SUBSCRIPTION_STATUS;
  timezone = 'UTC';
  /** Stripe customer of this user, created at their first subscription attempt. */
  stripeCustomerId: string | null = null;
  /** The subscription whose state the user's tier and status follow. */
  stripeSubscriptionId: string | null = null;
  /** When the user's free trial began (a trial is offered once per email address: trial-claim.entity.ts). */
  trialStartedAt: Date | null = null;
  /** When the free trial ends (the card-free one, or the subscription's trial once a card is saved). */
  trialEndsAt: Date | null = null;
  /** When Stripe next charges the card; null when nothing will be charged. */
  nextChargeAt: Date | null = null;
  /** When a subscription cancelled at its period's end stops. */
  cancelsAt: Date | null = null;
  welcomeEmailSentAt: Date | null = null;
  preferences: Preferences = structuredClone(DEFAULT_PREFERENCES);
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'uuid', primary: true },
    email: { type: 'string', length: 254, unique: true },
    firstName: { type: 'string', length: 100 },
    lastName: { type: 'string', length: 100 },
    subscriptionTier: { type: 'string', length: 16, nullable: true },
    subscriptionStatus: { type: 'string', length: 32 },
    timezone: { type: 'string', length: 64 },
    stripeCustomerId: { type: 'string', length: 64, nullable: true, unique: true },
    stripeSubscriptionId: { type: 'string', length: 64, nullable: true },
    trialStartedAt: { type: 'datetime', nullable: true },
    trialEndsAt: { type: 'datetime', nullable: true },
    nextChargeAt: { type: 'datetime', nullable: true },
    cancelsAt: { type: 'datetime', nullable: true },
    welcomeEmailSentAt: { type: 'datetime', nullable: true },
    preferences: { type: 'json' },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime', onUpdate: () => new Date() },
  },
});
