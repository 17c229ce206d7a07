import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guessLanguage, translateWith, type Phrases } from './phrase-dictionary.js';
import { closeNow, readBody } from './stand-in-http.js';

/**
 * A loopback stand-in for a LibreTranslate server (https://github.com/LibreTranslate/LibreTranslate,
 * libretranslate/app.py), answering as it does:
 *
 * - `GET /languages` -> `[{code, name, targets}]`, never rate limited, no key needed.
 * - `POST /translate`, JSON or form body `{q, source, target, format, api_key}`: `q` a string or an array ->
 *   `{translatedText}` a string or an array; `detectedLanguage` (`{confidence, language}`, one per text for an
 *   array) when `source` is `auto`.
 * - Its errors, always `{"error": "..."}`: 400 "Invalid request: missing q parameter", "xx is not supported",
 *   "English (en) is not available as a target language from Kurdish (ku)", "Invalid request: request (N)
 *   exceeds text limit (M)" (batch and character limits), "Please contact the server operator to get an API
 *   key" (keys required, none given); 403 "Invalid API key"; 429 "Slowdown: 30 per 1 minute" (Flask-Limiter,
 *   which sends no Retry-After unless a proxy adds one); 500 "Cannot translate text: ...".
 *
 * Translation is a phrase dictionary the test gives, per source language. The stand-in records every request
 * and can be told to rate limit or fail the next requests.
 */
export interface LibreTranslateStandIn {
  url: string;
  /** Every POST /translate, with its parsed body. */
  translateRequests: Array<{ body: Record<string, unknown>; contentType: string }>;
  /** How many times GET /languages was asked. */
  languagesRequests: number;
  /** The next `times` POST /translate answer 429, with `Retry-After: seconds` when given (as a proxy may add). */
  rateLimit(times: number, retryAfterSeconds?: number): void;
  /** The next `times` POST /translate answer this status (500: LibreTranslate's own error; 502/503: a proxy's page). */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export interface LibreTranslateStandInOptions {
  /** Phrases per source language (translated into any target the languages allow). */
  dictionary: Record<string, Phrases>;
  /** GET /languages; by default the dictionary's languages, each to English, and English to each. */
  languages?: Array<{ code: string; name: string; targets: string[] }>;
  /** When set, keys are required (`--api-keys`): these are the valid ones. */
  apiKeys?: string[];
  /** `--batch-limit` and `--char-limit`; -1 (the default) is no limit. */
  batchLimit?: number;
  charLimit?: number;
}

export async function startLibreTranslateStandIn(options: LibreTranslateStandInOptions): Promise<LibreTranslateStandIn> {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  const fromDictionary = Object.keys(options.dictionary);
  const languages = options.languages ?? [
    { code: 'en', name: 'English', targets: fromDictionary },
    ...fromDictionary.map((code) => ({ code, name: names.of(code) ?? code, targets: ['en'] })),
  ];
  const translateRequests: LibreTranslateStandIn['translateRequests'] = [];
  let languagesRequests = 0;
  const failures: Array<{ status: number; retryAfter?: number }> = [];

  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const error = (status: number, message: string, headers?: Record<string, string>) => send(status, { error: message }, headers);
    const path = new URL(req.url ?? '/', 'http://x').pathname;

    if (req.method === 'GET' && path === '/languages') {
      languagesRequests++;
      return send(200, languages);
    }
    if (req.method !== 'POST' || path !== '/translate') return error(404, 'Not Found');

    const raw = await readBody(req);
    const contentType = String(req.headers['content-type'] ?? '');
    let body: Record<string, unknown>;
    if (contentType.startsWith('application/json')) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
      } catch {
        return error(400, 'Invalid JSON format');
      }
    } else body = Object.fromEntries(new URLSearchParams(raw));
    translateRequests.push({ body, contentType });

    const failure = failures.shift();
    if (failure?.status === 429)
      return error(429, 'Slowdown: 30 per 1 minute', failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) });
    if (failure && failure.status >= 502)
      return res.writeHead(failure.status, { 'content-type': 'text/html' }).end(`<html><body><h1>${failure.status}</h1></body></html>`);
    if (failure) return error(failure.status, 'Cannot translate text: argostranslate worker died');

    if (options.apiKeys) {
      const key = typeof body.api_key === 'string' ? body.api_key : '';
      if (key && !options.apiKeys.includes(key)) return error(403, 'Invalid API key');
      if (!key) return error(400, 'Please contact the server operator to get an API key');
    }
    const { q, source, target } = body;
    const format = body.format ?? 'text';
    if (!q || (Array.isArray(q) && q.length === 0)) return error(400, 'Invalid request: missing q parameter');
    if (!source) return error(400, 'Invalid request: missing source parameter');
    if (!target) return error(400, 'Invalid request: missing target parameter');
    const texts = (Array.isArray(q) ? q : [q]).map(String);
    const batchLimit = options.batchLimit ?? -1;
    if (Array.isArray(q) && batchLimit !== -1 && texts.length > batchLimit)
      return error(400, `Invalid request: request (${texts.length}) exceeds text limit (${batchLimit})`);
    const charLimit = options.charLimit ?? -1;
    const tooLong = texts.find((t) => charLimit !== -1 && t.length > charLimit);
    if (tooLong !== undefined) return error(400, `Invalid request: request (${tooLong.length}) exceeds text limit (${charLimit})`);

    const byCode = (code: string) => languages.find((l) => l.code.toLowerCase() === code.toLowerCase());
    const auto = source === 'auto';
    const detected = auto ? (guessLanguage(options.dictionary, texts.join('\n')) ?? 'en') : String(source);
    const src = byCode(detected);
    if (!src) return error(400, `${String(source)} is not supported`);
    const tgt = byCode(String(target));
    if (!tgt) return error(400, `${String(target)} is not supported`);
    if (format !== 'text' && format !== 'html') return error(400, `${String(format)} format is not supported`);
    if (!src.targets.some((t) => t.toLowerCase() === tgt.code.toLowerCase()))
      return error(400, `${tgt.name} (${tgt.code}) is not available as a target language from ${src.name} (${src.code})`);

    const phrases = options.dictionary[src.code] ?? {};
    const translated = texts.map((t) => translateWith(phrases, t));
    const detectedLanguage = { confidence: 90, language: src.code };
    if (Array.isArray(q))
      return send(200, { translatedText: translated, ...(auto ? { detectedLanguage: texts.map(() => detectedLanguage) } : {}) });
    return send(200, { translatedText: translated[0], ...(auto ? { detectedLanguage } : {}) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    translateRequests,
    get languagesRequests() {
      return languagesRequests;
    },
    rateLimit(times, retryAfterSeconds) {
      for (let i = 0; i < times; i++) failures.push({ status: 429, retryAfter: retryAfterSeconds });
    },
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status });
    },
    close: () => closeNow(server),
  };
}
