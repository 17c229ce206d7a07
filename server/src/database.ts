import { type DatabaseConfig, initORM, type InitOrmOptions, type Orm } from './db/orm.js';
import { audioEntities } from './audio/audio.entity.js';
import { deliveryEntities } from './delivery/delivery.entity.js';
import { engineEntities } from './engine/entities.js';
import { JobLeaseSchema } from './db/lease.js';
import { RATE_LIMIT_TABLE } from './http/middleware/rate-limit-table.js';
import { CalendarFeedSchema } from './modules/calendar/calendar.entity.js';
import { AccountMailSchema } from './modules/account-mail/account-mail.entity.js';
import { LoginTokenSchema } from './modules/auth/login-token.entity.js';
import { SignInRequestSchema } from './modules/auth/sign-in-request.entity.js';
import { StripeEventSchema } from './modules/billing/stripe-event.entity.js';
import { DigestContentSchema, DigestSchema } from './modules/digests/digest.entity.js';
import { FeedbackSchema, StoryFeedbackSchema } from './modules/feedback/feedback.entity.js';
import { FollowAlertSchema, FollowAlertSettingsSchema } from './modules/follows/follow-alert.entity.js';
import { FollowSchema } from './modules/follows/follow.entity.js';
import { SessionSchema } from './modules/sessions/session.entity.js';
import { TrialClaimSchema } from './modules/users/trial-claim.entity.js';
import { UserSchema } from './modules/users/user.entity.js';
import { WaitlistDraftSchema, WaitlistEntrySchema } from './modules/waitlist/waitlist.entity.js';

/** Every entity of the app; each layer owns its own, and they meet here, where the app is composed. */
export const entities = [
  UserSchema,
  TrialClaimSchema,
  SessionSchema,
  LoginTokenSchema,
  SignInRequestSchema,
  AccountMailSchema,
  WaitlistEntrySchema,
  WaitlistDraftSchema,
  DigestSchema,
  DigestContentSchema,
  FeedbackSchema,
  StoryFeedbackSchema,
  FollowSchema,
  FollowAlertSettingsSchema,
  FollowAlertSchema,
  StripeEventSchema,
  CalendarFeedSchema,
  ...deliveryEntities,
  JobLeaseSchema,
  ...engineEntities,
  ...audioEntities,
];

/** Tables a library owns, not an entity: the rate-limit counters (rate-limiter-flexible on PostgreSQL). */
const libraryTables = [RATE_LIMIT_TABLE];

/** The app's database: the ORM over every entity, with the committed migrations of its dialect. */
export function openDatabase(database: DatabaseConfig, options: Omit<InitOrmOptions, 'database' | 'entities'> = {}): Promise<Orm> {
  return initORM({ database, entities, libraryTables, ...options });
}
