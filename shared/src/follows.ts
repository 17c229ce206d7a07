import { z } from 'zod';
import { entityOutletSchema, entityRefSchema } from './entities.js';

/**
 * GET /api/follows/suggestions: entities named in the subscriber's saved Additional Notes that they do not follow
 * yet, in the order they were typed, each with the words that named it. Offered to confirm, never followed unasked.
 */
export const followSuggestionSchema = entityRefSchema.extend({ matched: z.string() });
export type FollowSuggestion = z.infer<typeof followSuggestionSchema>;
export const followSuggestionListSchema = z.array(followSuggestionSchema);

/** The most suggestions offered at once. */
export const MAX_FOLLOW_SUGGESTIONS = 10;

export const ENTITY_CHANGE_TYPES = ['status', 'capacity', 'investment'] as const;
export type EntityChangeType = (typeof ENTITY_CHANGE_TYPES)[number];

/**
 * One change of a followed entity, as the weekly summary's "What changed" tells it (docs/decisions/311): a status
 * transition, or a capacity or investment figure stated anew, from the fact before it (null: the first stated). Only
 * stated facts: the sentence and every outlet that states it. `key` names the change whatever re-reading its story
 * does, so it is told once.
 */
export const entityChangeSchema = z.object({
  key: z.string(),
  entity: entityRefSchema,
  type: z.enum(ENTITY_CHANGE_TYPES),
  /** The earlier value in words ("permitting", "60 MW live", "EUR 850 million"), null when none was stated. */
  from: z.string().nullable(),
  to: z.string(),
  /** When the first article that states it was published (ISO 8601). */
  statedAt: z.string(),
  storyId: z.string(),
  sentence: z.string(),
  outlets: z.array(entityOutletSchema),
});
export type EntityChange = z.infer<typeof entityChangeSchema>;

const STATUS_WORDS: Record<string, string> = { 'land-acquired': 'land acquired' };
const STAGE_WORDS: Record<string, string> = { announced: 'announced', construction: 'under construction', live: 'live' };

/** A status in words: "land-acquired" -> "land acquired". */
export function statusWords(status: string): string {
  return STATUS_WORDS[status] ?? status;
}

/** A capacity in words: "60 MW under construction". */
export function capacityWords(mw: number, stage: string | null): string {
  const figure = `${Number.isInteger(mw) ? mw : mw.toFixed(1)} MW`;
  return stage ? `${figure} ${STAGE_WORDS[stage] ?? stage}` : figure;
}

/** An amount in words: "EUR 850 million", "USD 1.5 billion". */
export function moneyWords(amount: number, currency: string | null): string {
  const scaled =
    amount >= 1e9
      ? `${trimmed(amount / 1e9)} billion`
      : amount >= 1e6
        ? `${trimmed(amount / 1e6)} million`
        : amount.toLocaleString('en-US');
  return currency ? `${currency} ${scaled}` : scaled;
}

function trimmed(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** What changed, on one line (email and web say it the same way): "status: permitting -> construction". */
export function changeLine(change: Pick<EntityChange, 'type' | 'from' | 'to'>): string {
  const what = change.type === 'status' ? 'status' : change.type === 'capacity' ? 'capacity' : 'investment';
  return change.from ? `${what}: ${change.from} → ${change.to}` : `${what}: ${change.to} (first stated)`;
}

/**
 * GET /api/follow-alerts: whether a followed entity's status change is emailed, and the webhook it is posted to.
 * The webhook's signing secret is never read back: it is shown once, when the webhook is first set or rotated.
 */
export const followAlertSettingsSchema = z.object({
  email: z.boolean(),
  webhookUrl: z.string().nullable(),
  /** Set when a signing secret exists (one is made with the first webhook address). */
  webhookSecretSet: z.boolean(),
  /** Only in the answer that made it: the secret to verify the `DCBrief-Signature` header with. */
  webhookSecret: z.string().optional(),
});
export type FollowAlertSettings = z.infer<typeof followAlertSettingsSchema>;

/** PUT /api/follow-alerts: any subset; `webhookUrl: null` removes the webhook. */
export const followAlertSettingsUpdateSchema = z.strictObject({
  email: z.boolean().optional(),
  webhookUrl: z
    .string()
    .trim()
    .max(2000, 'That address is too long.')
    .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), 'The webhook address must be an http:// or https:// URL.')
    .nullable()
    .optional(),
});
export type FollowAlertSettingsUpdate = z.infer<typeof followAlertSettingsUpdateSchema>;

/** The webhook's header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. */
export const FOLLOW_WEBHOOK_SIGNATURE_HEADER = 'DCBrief-Signature';
