import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DatabaseConfig } from './db/orm.js';
import { parseStyleMap, type AudioConfig } from './audio/audio.config.js';
import type { DeliveryConfig } from './delivery/deps.js';
import { EngineConfigError, loadEngineConfig, type EngineConfig } from './engine/engine.config.js';
import type { StripeConfig } from './modules/billing/stripe-client.js';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/**
 * Every environment variable the server reads, validated at boot.
 * The README's configuration table lists the same variables; keep them in step.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(postgres(ql)?|sqlite):/, 'DATABASE_URL must start with postgres://, postgresql:// or sqlite:')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('DC Brief <brief@localhost>')),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_PREMIUM: optionalString,
  SIGNUP_MODE: z.preprocess(emptyToUndefined, z.enum(['open', 'invite']).default('open')),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  DELIVERY_SCHEDULER: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  DELIVERY_INTERVAL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(3600).default(60)),
  DELIVERY_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(8)),
  DELIVERY_CATCH_UP_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.1).max(72).default(6)),
  DELIVERY_MAX_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(20).default(5)),
  DELIVERY_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'DELIVERY_WEBHOOK_SECRET must be at least 16 characters').optional(),
  ),
  FOLLOW_WEBHOOK_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['allow', 'refuse']).default('refuse')),
  BREAKING_MIN_SOURCES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(50).default(3)),
  BREAKING_WINDOW_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(48).default(6)),
  BREAKING_MAX_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(20).default(2)),
  AUDIO_PREPARE: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  AUDIO_PREPARE_INTERVAL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(3600).default(60)),
  AUDIO_LEAD_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(720).default(30)),
  AUDIO_TTS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['embedded', 'sherpa', 'openai']).default('embedded')),
  AUDIO_TTS_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  AUDIO_SHERPA_MODEL_DIR: optionalString,
  AUDIO_SHERPA_SPEAKERS: optionalString,
  AUDIO_SHERPA_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  AUDIO_OPENAI_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.openai.com/v1')),
  AUDIO_OPENAI_API_KEY: optionalString,
  AUDIO_OPENAI_MODEL: z.preprocess(emptyToUndefined, z.string().default('tts-1')),
  AUDIO_OPENAI_VOICES: optionalString,
  AUDIO_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
  AUDIO_S3_BUCKET: optionalString,
  AUDIO_S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  AUDIO_S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  AUDIO_S3_ACCESS_KEY_ID: optionalString,
  AUDIO_S3_SECRET_ACCESS_KEY: optionalString,
  AUDIO_S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
});
export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string;
  sessionSecret: string;
  mail: { smtpUrl: string | null; from: string; mailDir: string };
  stripe: StripeConfig;
  signupMode: 'open' | 'invite';
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  rateLimits: RateLimitConfig;
  delivery: DeliveryConfig;
  /** Follow alerts (modules/follows, docs/decisions/311): whether webhooks may go to private and loopback addresses. */
  followAlerts: { allowPrivateWebhooks: boolean };
  /** The audio digest: provider, voices, preparation job (server/src/audio, docs/decisions/402-403). */
  audio: AudioConfig;
  /** The digest engine's settings (ingest schedule, fetch limits, translator, summarizer): server/src/engine/engine.config.ts. */
  engine: EngineConfig;
}

export interface RateLimitConfig {
  /** Sign-in requests per client address. */
  loginPerIp: { points: number; durationSec: number };
  /** Sign-in requests per email address, whoever asks. */
  loginPerEmail: { points: number; durationSec: number };
  /** Sign-in code tries (POST /api/login/code) per client address, right or wrong (decision 020). */
  signInCodePerIp: { points: number; durationSec: number };
  /** Wrong sign-in codes per email address, across its requests: bounds guessing over days (decision 020). */
  signInCodeWrongPerEmail: { points: number; durationSec: number };
  /** Waitlist submissions per client address. */
  waitlistPerIp: { points: number; durationSec: number };
  /** Draft auto-saves per client address (a typing visitor saves at most once a second). */
  draftPerIp: { points: number; durationSec: number };
  /** New waitlist drafts (each with its anonymous session) per client address: a script without cookies gets this many a day. */
  newDraftPerIp: { points: number; durationSec: number };
  /** Reads of one private calendar, per token (calendar apps poll every few hours; decision 022). */
  calendarPerToken: { points: number; durationSec: number };
  /** Unknown calendar tokens per client address (only misses count: one address may serve many subscribers' apps). */
  calendarMissesPerIp: { points: number; durationSec: number };
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerIp: { points: 10, durationSec: 15 * 60 },
  loginPerEmail: { points: 5, durationSec: 60 * 60 },
  signInCodePerIp: { points: 30, durationSec: 15 * 60 },
  signInCodeWrongPerEmail: { points: 10, durationSec: 24 * 60 * 60 },
  waitlistPerIp: { points: 5, durationSec: 60 * 60 },
  draftPerIp: { points: 120, durationSec: 60 },
  newDraftPerIp: { points: 20, durationSec: 24 * 60 * 60 },
  calendarPerToken: { points: 60, durationSec: 60 * 60 },
  calendarMissesPerIp: { points: 30, durationSec: 15 * 60 },
};

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: databaseFrom(env.DATABASE_URL, dataDir),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    sessionSecret: env.SESSION_SECRET ?? persistentSecret(dataDir),
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM, mailDir: path.join(dataDir, 'mail') },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY ?? null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      apiBase: env.STRIPE_API_BASE ?? null,
      prices: { basic: env.STRIPE_PRICE_BASIC ?? null, premium: env.STRIPE_PRICE_PREMIUM ?? null },
    },
    signupMode: env.SIGNUP_MODE,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    rateLimits: DEFAULT_RATE_LIMITS,
    engine: loadEngineSettings(source),
    delivery: {
      scheduler: env.DELIVERY_SCHEDULER === 'on',
      intervalSec: env.DELIVERY_INTERVAL_SECONDS,
      concurrency: env.DELIVERY_CONCURRENCY,
      catchUpHours: env.DELIVERY_CATCH_UP_HOURS,
      maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
      audioLeadMinutes: env.AUDIO_LEAD_MINUTES,
      webhookSecret: env.DELIVERY_WEBHOOK_SECRET ?? null,
      breaking: { minSources: env.BREAKING_MIN_SOURCES, windowHours: env.BREAKING_WINDOW_HOURS, maxPerDay: env.BREAKING_MAX_PER_DAY },
    },
    followAlerts: { allowPrivateWebhooks: env.FOLLOW_WEBHOOK_PRIVATE === 'allow' },
    audio: audioFrom(env, dataDir),
  };
}

function audioFrom(env: Env, dataDir: string): AudioConfig {
  let voices: AudioConfig['openai']['voices'];
  let speakers: AudioConfig['sherpa']['speakers'] = {};
  try {
    voices = parseStyleMap(env.AUDIO_OPENAI_VOICES, 'AUDIO_OPENAI_VOICES');
    for (const [style, id] of Object.entries(parseStyleMap(env.AUDIO_SHERPA_SPEAKERS, 'AUDIO_SHERPA_SPEAKERS'))) {
      if (!/^\d+$/.test(id)) throw new Error(`AUDIO_SHERPA_SPEAKERS: speaker "${id}" of ${style} is not a number`);
      speakers = { ...speakers, [style]: Number(id) };
    }
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  return {
    enabled: env.AUDIO_PREPARE === 'on',
    intervalSec: env.AUDIO_PREPARE_INTERVAL_SECONDS,
    provider: env.AUDIO_TTS_PROVIDER,
    workers: env.AUDIO_TTS_WORKERS ?? null,
    sherpa: { modelDir: env.AUDIO_SHERPA_MODEL_DIR ?? null, speakers, threads: env.AUDIO_SHERPA_THREADS },
    openai: { baseUrl: env.AUDIO_OPENAI_BASE_URL, apiKey: env.AUDIO_OPENAI_API_KEY ?? null, model: env.AUDIO_OPENAI_MODEL, voices },
    dir: path.join(dataDir, 'audio'),
    s3: env.AUDIO_S3_BUCKET
      ? {
          bucket: env.AUDIO_S3_BUCKET,
          region: env.AUDIO_S3_REGION,
          ...(env.AUDIO_S3_ENDPOINT ? { endpoint: env.AUDIO_S3_ENDPOINT } : {}),
          ...(env.AUDIO_S3_FORCE_PATH_STYLE ? { forcePathStyle: env.AUDIO_S3_FORCE_PATH_STYLE === 'true' } : {}),
          ...(env.AUDIO_S3_ACCESS_KEY_ID && env.AUDIO_S3_SECRET_ACCESS_KEY
            ? { credentials: { accessKeyId: env.AUDIO_S3_ACCESS_KEY_ID, secretAccessKey: env.AUDIO_S3_SECRET_ACCESS_KEY } }
            : {}),
        }
      : null,
    retentionDays: env.AUDIO_RETENTION_DAYS,
    maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
  };
}

function databaseFrom(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'dcbrief.sqlite') };
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', file: path.resolve(url.replace(/^sqlite:(\/\/)?/, '')) };
  return { kind: 'postgresql', url };
}

/** A session secret generated on first boot and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The engine validates its own variables (engine/engine.config.ts); a bad one stops the boot like any other. */
function loadEngineSettings(source: NodeJS.ProcessEnv): EngineConfig {
  try {
    return loadEngineConfig(source);
  } catch (err) {
    if (err instanceof EngineConfigError) throw new ConfigError(err.message);
    throw err;
  }
}
