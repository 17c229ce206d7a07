import { z } from 'zod';
import { isSafeNextPath, NEXT_PATH_MAX } from './next-path.js';
import { TIERS } from './plans.js';
import { SIGN_IN_CODE_LENGTH } from './constants.js';
import { preferencesSchema, timeZoneSchema } from './preferences.js';
import { cleanText, singleLineText } from './text.js';

/** Every error response of the API. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const tierSchema = z.enum(TIERS);

/** GET /api/auth/user */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
  subscriptionTier: tierSchema.nullable(),
  /**
   * 'active' means paid up (Stripe's active, or trialing with a card); 'trialing' the card-free trial of a first
   * sign-in and 'trial_ended' after it; otherwise Stripe's word, or 'inactive' when no trial was available.
   */
  subscriptionStatus: z.string(),
  timezone: timeZoneSchema,
  preferences: preferencesSchema,
  /** End of the free trial (the card-free one, or a subscription's trial once a card is saved); null without one. */
  trialEndsAt: z.string().nullable(),
  /** When Stripe next charges the card (a converted trial's end, or the period's end); null when nothing will be charged. */
  nextChargeAt: z.string().nullable(),
  /** When a subscription cancelled in the customer portal ends (it runs until then); null otherwise. */
  cancelsAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

const EMAIL_MAX = 254;
const NAME_MAX = 100;
const PHONE_MAX = 32;

export const emailSchema = cleanText()
  .trim()
  .max(EMAIL_MAX, 'Email address is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** Digits with optional +, spaces, dots, dashes and parentheses; 7 to 15 digits (E.164's range). */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15;
}

const requiredName = (label: string) =>
  singleLineText().pipe(z.string().trim().min(1, `${label} is required`).max(NAME_MAX, `${label} is too long`));

/** POST /api/waitlist */
export const waitlistEntrySchema = z.strictObject({
  email: emailSchema,
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  phoneNumber: cleanText().trim().max(PHONE_MAX, 'Phone number is too long').refine(isPlausiblePhone, 'Please enter a valid phone number'),
});
export type WaitlistEntryInput = z.infer<typeof waitlistEntrySchema>;

/** PUT /api/waitlist/draft: partial input is the point of a draft, so only lengths are checked. */
export const waitlistDraftSchema = z.strictObject({
  email: singleLineText().pipe(z.string().max(EMAIL_MAX)).default(''),
  firstName: singleLineText().pipe(z.string().max(NAME_MAX)).default(''),
  lastName: singleLineText().pipe(z.string().max(NAME_MAX)).default(''),
  phoneNumber: singleLineText().pipe(z.string().max(PHONE_MAX)).default(''),
});
export type WaitlistDraftInput = z.infer<typeof waitlistDraftSchema>;

export const waitlistDraftResponseSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  updatedAt: z.string(),
});
export type WaitlistDraft = z.infer<typeof waitlistDraftResponseSchema>;

export const waitlistJoinResponseSchema = z.object({ message: z.string() });

// Digests (GET /api/digests, /api/digests/:id): see digests.ts.

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const FEEDBACK_COMMENT_MAX = 2000;

/** GET /api/feedback: one item (the spec reads createdAt and rating), naming the digest it rates. */
export const feedbackSchema = z.object({
  id: z.string(),
  digestId: z.string(),
  /** The rated digest's title and local edition date (YYYY-MM-DD), for "You rated ..." on the home page. */
  digestTitle: z.string(),
  digestDate: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  comment: z.string().nullable(),
  /** What was rated: the digest as read (email, web) or its audio episode (the player). */
  medium: z.enum(['text', 'audio']),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackListSchema = z.array(feedbackSchema);

/** POST /api/feedback */
export const feedbackCreateSchema = z.strictObject({
  digestId: cleanText().min(1).max(64),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  comment: cleanText().trim().max(FEEDBACK_COMMENT_MAX).optional(),
});
export type FeedbackCreate = z.infer<typeof feedbackCreateSchema>;

/** POST /api/create-subscription */
export const createSubscriptionSchema = z.strictObject({ tier: tierSchema });
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionSchema>;
export const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string(),
  /** 'setup' during a trial (confirmSetup), 'payment' when money is due now (confirmPayment). */
  intentType: z.enum(['setup', 'payment']),
  /** When the subscription's trial ends and the first charge falls (ISO); null: the first charge is today. */
  trialEnd: z.string().nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const NEXT_PATH_REFUSED = 'The page to open after sign-in must be a path on this site';

function nextPathSchema() {
  return z.string().max(NEXT_PATH_MAX, NEXT_PATH_REFUSED).refine(isSafeNextPath, NEXT_PATH_REFUSED);
}

/** POST /api/login (JSON form of the sign-in page) */
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  timezone: cleanText().max(64).optional(),
  /** The page the emailed link opens after sign-in: a path on this site only. */
  next: nextPathSchema().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Spaces and dashes people copy or type between the code's groups ("4821 0937", "4821-0937") are ignored. */
export function normalizeSignInCode(raw: string): string {
  return raw.replace(/[\s\u00a0-]/g, '');
}

export const SIGN_IN_CODE_FORMAT = `Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the email`;

/** POST /api/login/code: the code from the sign-in email, typed on any device (docs/decisions/020). */
export const signInCodeRequestSchema = z.strictObject({
  email: emailSchema,
  code: z
    .string(SIGN_IN_CODE_FORMAT)
    .max(64, SIGN_IN_CODE_FORMAT)
    .transform(normalizeSignInCode)
    .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), SIGN_IN_CODE_FORMAT)),
  timezone: cleanText().max(64).optional(),
  /** The page to open after sign-in: a path on this site only. */
  next: nextPathSchema().optional(),
});
export type SignInCodeRequest = z.input<typeof signInCodeRequestSchema>;

/** 200 of POST /api/login/code: the session cookie is set; `redirectTo` is `next` or `/`. */
export const signInCodeResponseSchema = z.object({ message: z.string(), redirectTo: z.string() });
export type SignInCodeResponse = z.infer<typeof signInCodeResponseSchema>;

/** POST /api/logout/everywhere: every session of the account ends, this one included. */
export const signOutEverywhereResponseSchema = z.object({ message: z.string() });
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponseSchema>;

/**
 * POST /api/account/delete: the signed-in account and its data are deleted, its Stripe subscription cancelled,
 * every session ended (docs/decisions/117). `confirm: true` is required, so no stray or empty request deletes.
 */
export const deleteAccountSchema = z.object({ confirm: z.literal(true) }).strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;
export const deleteAccountResponseSchema = z.object({ message: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** GET /api/config: what the browser needs and must not hard-code. */
export const publicConfigSchema = z.object({
  stripePublishableKey: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
