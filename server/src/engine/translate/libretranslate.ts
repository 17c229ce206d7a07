import { fetchWithRetry, type RetryPolicy } from './fetch-with-retry.js';
import { TranslationError, UnsupportedPairError, type TranslationProvider } from './translator.js';

export interface LibreTranslateOptions {
  url: string;
  apiKey: string | null;
  /** Deadline of one request. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Texts and characters per request: servers bound both (`--batch-limit`, `--char-limit`). */
  maxBatchTexts?: number;
  maxBatchChars?: number;
}

/** A language of GET /languages; `targets` is absent on servers older than 1.3. */
interface Language {
  code: string;
  name?: string;
  targets?: string[];
}

/** LibreTranslate knows some languages under another code than the BCP 47 primary subtag we store. */
const ALIASES: Record<string, string[]> = {
  no: ['nb', 'nn'],
  nb: ['no'],
  zh: ['zh-Hans', 'zh-Hant', 'zt'],
  pt: ['pt-BR', 'pb'],
  he: ['iw'],
  id: ['in'],
};

const LANGUAGES_TTL_MS = 60 * 60_000;

/**
 * LibreTranslate's HTTP API: GET /languages once (an hour) to know its pairs, then POST /translate with
 * `q` as an array of texts (one request per batch), `source`, `target`, `format: text` and `api_key`.
 * 429 and gateway errors are retried (fetchWithRetry); a batch over the server's limits is split; a pair it
 * lacks is an UnsupportedPairError; anything else it refuses is a TranslationError naming its `error`.
 */
export class LibreTranslateTranslator implements TranslationProvider {
  readonly provider = 'libretranslate';
  private languages: { list: Language[] | null; at: number } | null = null;

  constructor(
    readonly target: string,
    private readonly options: LibreTranslateOptions,
  ) {}

  async translateMany(texts: string[], from: string): Promise<Array<string | null>> {
    const pair = await this.pairFor(from);
    const out: Array<string | null> = [];
    for (const batch of batches(texts, this.options.maxBatchTexts ?? 16, this.options.maxBatchChars ?? 8000))
      out.push(...(await this.post(batch, pair)));
    return out;
  }

  /** The codes LibreTranslate spells our source and target with, when it has the pair. */
  private async pairFor(from: string): Promise<{ source: string; target: string }> {
    const list = await this.languageList();
    if (!list) return { source: from, target: this.target }; // no /languages: try, and learn from its 400s
    const find = (code: string) => {
      const wanted = [code, ...(ALIASES[code.toLowerCase()] ?? [])].map((c) => c.toLowerCase());
      return wanted.map((w) => list.find((l) => l.code.toLowerCase() === w)).find((l) => l !== undefined);
    };
    const source = find(from);
    const target = find(this.target);
    if (!source || !target || (source.targets && !source.targets.some((t) => t.toLowerCase() === target.code.toLowerCase())))
      throw new UnsupportedPairError(from, this.target);
    return { source: source.code, target: target.code };
  }

  private async languageList(): Promise<Language[] | null> {
    if (this.languages && Date.now() - this.languages.at < LANGUAGES_TTL_MS) return this.languages.list;
    const res = await fetchWithRetry(this.endpoint('languages'), { headers: { accept: 'application/json' } }, this.requestOptions()).catch(
      (err: Error) => {
        throw new TranslationError(`LibreTranslate unreachable: ${err.message}`);
      },
    );
    let list: Language[] | null = null;
    if (res.ok) {
      const body = (await res.json().catch(() => null)) as unknown;
      if (!Array.isArray(body) || !body.every((l) => typeof l?.code === 'string'))
        throw new TranslationError('LibreTranslate /languages gave no language list');
      list = body as Language[];
    } else if (res.status !== 404) {
      throw new TranslationError(`LibreTranslate /languages answered ${res.status}: ${await errorOf(res)}`);
    } else await res.body?.cancel();
    this.languages = { list, at: Date.now() };
    return list;
  }

  private async post(batch: string[], pair: { source: string; target: string }): Promise<Array<string | null>> {
    const res = await fetchWithRetry(
      this.endpoint('translate'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: batch,
          source: pair.source,
          target: pair.target,
          format: 'text',
          ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}),
        }),
      },
      this.requestOptions(),
    ).catch((err: Error) => {
      throw new TranslationError(`LibreTranslate unreachable: ${err.message}`);
    });
    if (res.ok) {
      const body = (await res.json().catch(() => null)) as { translatedText?: unknown } | null;
      const translated = body?.translatedText;
      if (!Array.isArray(translated) || translated.length !== batch.length || !translated.every((t) => typeof t === 'string'))
        throw new TranslationError('LibreTranslate gave no translatedText for each text');
      return translated.map((t: string) => t.trim() || null);
    }
    const error = await errorOf(res);
    if (res.status === 400 && /is not supported|not available as a target language/i.test(error))
      throw new UnsupportedPairError(pair.source, pair.target);
    if (res.status === 400 && /exceeds text limit/i.test(error)) {
      // Over the server's batch or character limit: halve the batch; a single text over it is declined.
      if (batch.length === 1) return [null];
      const half = Math.ceil(batch.length / 2);
      return [...(await this.post(batch.slice(0, half), pair)), ...(await this.post(batch.slice(half), pair))];
    }
    throw new TranslationError(`LibreTranslate answered ${res.status}: ${error}`);
  }

  private endpoint(path: string): URL {
    return new URL(path, this.options.url.endsWith('/') ? this.options.url : `${this.options.url}/`);
  }

  private requestOptions() {
    return { timeoutMs: this.options.timeoutMs, retry: this.options.retry };
  }
}

/** LibreTranslate answers its errors as `{"error": "..."}`. */
async function errorOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === 'string') return error;
  } catch {
    // not JSON: a proxy's page
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 200) || res.statusText || 'no error message';
}

/** Consecutive slices of at most `maxTexts` texts and (unless one text is longer) `maxChars` characters. */
function batches(texts: string[], maxTexts: number, maxChars: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length && (current.length >= maxTexts || chars + text.length > maxChars)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length) out.push(current);
  return out;
}
