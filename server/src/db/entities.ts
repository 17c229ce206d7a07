import { deliveryEntities } from '../delivery/delivery.entity.js';
import { engineEntities } from '../engine/entities.js';
import { JobLeaseSchema } from '../jobs/lease.js';
import { LoginTokenSchema } from '../modules/auth/login-token.entity.js';
import { StripeEventSchema } from '../modules/billing/stripe-event.entity.js';
import { DigestContentSchema, DigestSchema } from '../modules/digests/digest.entity.js';
import { FeedbackSchema } from '../modules/feedback/feedback.entity.js';
import { SessionSchema } from '../modules/sessions/session.entity.js';
import { UserSchema } from '../modules/users/user.entity.js';
import { WaitlistDraftSchema, WaitlistEntrySchema } from '../modules/waitlist/waitlist.entity.js';

export const entities = [
  UserSchema,
  SessionSchema,
  LoginTokenSchema,
  WaitlistEntrySchema,
  WaitlistDraftSchema,
  DigestSchema,
  DigestContentSchema,
  FeedbackSchema,
  StripeEventSchema,
  ...deliveryEntities,
  JobLeaseSchema,
  ...engineEntities,
];
