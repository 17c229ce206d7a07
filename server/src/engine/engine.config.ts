import { z } from 'zod';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (def: number, min: number, max: number) => z.preprocess(blank, z.coerce.number().int().min(min).max(max).default(def));
const optionalString = z.preprocess(blank, z.string().optional());
const optionalUrl = z.preprocess(blank, z.url().optional());

/**
 * The engine's environment variables. Every default works offline with no key:
 * no translation (originals kept and marked), extractive summaries.
 */
export const engineEnvSchema = z.object({
  INGEST_INTERVAL_MINUTES: int(60, 0, 24 * 60),
  INGEST_CONCURRENCY: int(16, 1, 256),
  INGEST_PER_HOST_CONCURRENCY: int(2, 1, 64),
  INGEST_TIMEOUT_MS: int(15_000, 100, 300_000),
  INGEST_MAX_BYTES: int(5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  INGEST_MAX_REDIRECTS: int(5, 0, 20),
  INGEST_MAX_ITEMS_PER_FEED: int(100, 1, 1000),
  INGEST_PAGE_FETCHES_PER_SOURCE: int(5, 0, 100),
  INGEST_USER_AGENT: z.preprocess(blank, z.string().default('DCBriefBot/0.1 (+https://dcbrief.example/bot; fact-only data-center digest)')),
  TRANSLATOR: z.preprocess(blank, z.enum(['none', 'apertium', 'libretranslate', 'openai']).default('none')),
  TRANSLATE_TO: z.preprocess(blank, z.string().min(2).max(8).default('en')),
  APERTIUM_COMMAND: z.preprocess(blank, z.string().default('apertium')),
  LIBRETRANSLATE_URL: optionalUrl,
  LIBRETRANSLATE_API_KEY: optionalString,
  TRANSLATE_TIMEOUT_MS: int(30_000, 100, 600_000),
  TRANSLATE_MAX_CHARS_PER_PASS: int(200_000, 0, 1_000_000_000),
  SUMMARIZER: z.preprocess(blank, z.enum(['extractive', 'openai']).default('extractive')),
  OPENAI_BASE_URL: z.preprocess(blank, z.url().default('https://api.openai.com/v1')),
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.preprocess(blank, z.string().default('gpt-4o-mini')),
  LLM_TIMEOUT_MS: int(60_000, 100, 600_000),
});

export interface EngineConfig {
  ingestIntervalMinutes: number;
  fetch: {
    concurrency: number;
    perHostConcurrency: number;
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    maxItemsPerFeed: number;
    pageFetchesPerSource: number;
    userAgent: string;
  };
  /** The provider, and the characters it may be sent per ingest pass (cache hits are free). */
  translator: TranslatorConfig & { maxCharsPerPass: number };
  summarizer: { provider: 'extractive' } | { provider: 'openai'; baseUrl: string; apiKey: string | null; model: string; timeoutMs: number };
}

export type TranslatorConfig =
  | { provider: 'none'; target: string }
  | { provider: 'apertium'; target: string; command: string; timeoutMs: number }
  | { provider: 'libretranslate'; target: string; url: string; apiKey: string | null; timeoutMs: number }
  | { provider: 'openai'; target: string; baseUrl: string; apiKey: string | null; model: string; timeoutMs: number };

export class EngineConfigError extends Error {}

export function loadEngineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  const parsed = engineEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EngineConfigError(`Invalid engine configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const target = e.TRANSLATE_TO;
  const openai = { baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY ?? null, model: e.OPENAI_MODEL, timeoutMs: e.LLM_TIMEOUT_MS };
  let translator: TranslatorConfig;
  switch (e.TRANSLATOR) {
    case 'none':
      translator = { provider: 'none', target };
      break;
    case 'apertium':
      translator = { provider: 'apertium', target, command: e.APERTIUM_COMMAND, timeoutMs: e.TRANSLATE_TIMEOUT_MS };
      break;
    case 'libretranslate':
      if (!e.LIBRETRANSLATE_URL) throw new EngineConfigError('TRANSLATOR=libretranslate needs LIBRETRANSLATE_URL');
      translator = {
        provider: 'libretranslate',
        target,
        url: e.LIBRETRANSLATE_URL,
        apiKey: e.LIBRETRANSLATE_API_KEY ?? null,
        timeoutMs: e.TRANSLATE_TIMEOUT_MS,
      };
      break;
    case 'openai':
      translator = { provider: 'openai', target, ...openai };
      break;
  }
  return {
    ingestIntervalMinutes: e.INGEST_INTERVAL_MINUTES,
    fetch: {
      concurrency: e.INGEST_CONCURRENCY,
      perHostConcurrency: e.INGEST_PER_HOST_CONCURRENCY,
      timeoutMs: e.INGEST_TIMEOUT_MS,
      maxBytes: e.INGEST_MAX_BYTES,
      maxRedirects: e.INGEST_MAX_REDIRECTS,
      maxItemsPerFeed: e.INGEST_MAX_ITEMS_PER_FEED,
      pageFetchesPerSource: e.INGEST_PAGE_FETCHES_PER_SOURCE,
      userAgent: e.INGEST_USER_AGENT,
    },
    translator: { ...translator, maxCharsPerPass: e.TRANSLATE_MAX_CHARS_PER_PASS },
    summarizer: e.SUMMARIZER === 'openai' ? { provider: 'openai', ...openai } : { provider: 'extractive' },
  };
}
