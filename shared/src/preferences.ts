import { z } from 'zod';
import { CONTENT_DEPTHS, DELIVERY_TIMES, NOTES_MAX_LENGTH, VOICE_STYLES } from './preference-options.js';
import { cleanText } from './text.js';

export * from './preference-options.js';

export function isValidTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = cleanText().trim().refine(isValidTimeZone, { message: 'Unknown time zone' });

const interestsSchema = z.strictObject({
  infrastructure: z.boolean(),
  technology: z.boolean(),
  marketTrends: z.boolean(),
  security: z.boolean(),
  operations: z.boolean(),
  regulations: z.boolean(),
});

const audioSchema = z.strictObject({
  enabled: z.boolean(),
  voiceStyle: z.enum(VOICE_STYLES),
  playbackSpeed: z.union([z.literal(0.75), z.literal(1), z.literal(1.25), z.literal(1.5)]),
});

export const preferencesSchema = z.strictObject({
  dailyDigest: z.boolean(),
  weeklySummary: z.boolean(),
  breakingNews: z.boolean(),
  deliveryTime: z.enum(DELIVERY_TIMES),
  contentDepth: z.enum(CONTENT_DEPTHS),
  interests: interestsSchema,
  notes: z.string().max(NOTES_MAX_LENGTH),
  audio: audioSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** The spec's defaults (section 2, dashboard). */
export const DEFAULT_PREFERENCES: Preferences = {
  dailyDigest: true,
  weeklySummary: true,
  breakingNews: false,
  deliveryTime: '06:00',
  contentDepth: 'standard',
  interests: {
    infrastructure: true,
    technology: true,
    marketTrends: true,
    security: true,
    operations: true,
    regulations: false,
  },
  notes: '',
  audio: { enabled: true, voiceStyle: 'professional', playbackSpeed: 1 },
};

/** POST /api/user/preferences: any subset; `{}` is no change. */
export const preferencesUpdateSchema = z.strictObject({
  dailyDigest: z.boolean().optional(),
  weeklySummary: z.boolean().optional(),
  breakingNews: z.boolean().optional(),
  deliveryTime: z.enum(DELIVERY_TIMES).optional(),
  contentDepth: z.enum(CONTENT_DEPTHS).optional(),
  interests: interestsSchema.partial().optional(),
  notes: cleanText().max(NOTES_MAX_LENGTH).optional(),
  audio: audioSchema.partial().optional(),
  timezone: timeZoneSchema.optional(),
});
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/** Applies an update to stored preferences; stored values that predate a new field fall back to the defaults. */
export function mergePreferences(
  current: Partial<Preferences> | null | undefined,
  update: Omit<PreferencesUpdate, 'timezone'>,
): Preferences {
  const base = { ...DEFAULT_PREFERENCES, ...(current ?? {}) };
  return {
    ...base,
    ...stripUndefined(update),
    interests: { ...DEFAULT_PREFERENCES.interests, ...base.interests, ...stripUndefined(update.interests ?? {}) },
    audio: { ...DEFAULT_PREFERENCES.audio, ...base.audio, ...stripUndefined(update.audio ?? {}) },
  } as Preferences;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
