import { fetchWithRetry, type RetryPolicy } from './fetch-with-retry.js';

/**
 * The translation port the engine's stages use: `translate` returns the text in `target`, or null when it
 * stays in its own language (the same language, no translator, a pair the provider lacks, the pass's budget
 * spent, the provider failing). It never throws: a missing translation never stops a pass.
 */
export interface Translator {
  readonly provider: string;
  readonly target: string;
  translate(text: string, from: string): Promise<string | null>;
}

/**
 * A translation service (Apertium, LibreTranslate, an OpenAI-compatible model). One answer per text, null
 * where it declined that text (an answer that failed a check, a text over its size limit). Throws
 * UnsupportedPairError when it cannot translate from `from` at all, TranslationError when it fails.
 */
export interface TranslationProvider {
  readonly provider: string;
  readonly target: string;
  translateMany(texts: string[], from: string): Promise<Array<string | null>>;
}

/** The provider failed: down, refusing our key, rate limiting beyond our retries, or answering nonsense. */
export class TranslationError extends Error {}

/** The provider cannot translate this language into the target: the pair is skipped, not a failure. */
export class UnsupportedPairError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`${from} -> ${to} is not available`);
  }
}

/** `none`, the embedded default: keep the original, its language marked on the article. */
export class NoTranslator implements TranslationProvider {
  readonly provider = 'none';
  constructor(readonly target: string) {}
  async translateMany(texts: string[]): Promise<Array<string | null>> {
    return texts.map(() => null);
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** An OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, llama.cpp server, Ollama's /v1). */
export class ChatClient {
  constructor(
    private readonly options: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number; retry?: Partial<RetryPolicy> },
  ) {}

  async complete(messages: ChatMessage[], json = false): Promise<string> {
    const base = this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`;
    const res = await fetchWithRetry(
      new URL('chat/completions', base),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          messages,
          temperature: 0,
          ...(json ? { response_format: { type: 'json_object' } } : {}),
        }),
      },
      { timeoutMs: this.options.timeoutMs, retry: this.options.retry },
    ).catch((err: Error) => {
      throw new TranslationError(`chat endpoint unreachable: ${err.message}`);
    });
    const body = (await res.json().catch(() => null)) as {
      choices?: Array<{ message?: { content?: string } }>;
      error?: { message?: string; type?: string };
    } | null;
    if (!res.ok) {
      const reason = body?.error?.message ? `: ${body.error.message}${body.error.type ? ` (${body.error.type})` : ''}` : '';
      throw new TranslationError(`chat endpoint answered ${res.status}${reason}`);
    }
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new TranslationError('chat endpoint gave no message content');
    return content;
  }
}
