import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EngineConfig } from '../engine.config.js';
import { TranslationCacheEntry } from '../model/translation.entity.js';

/** The translation port. `translate` returns null when the provider cannot do this pair: the original stands. */
export interface Translator {
  readonly provider: string;
  readonly target: string;
  translate(text: string, from: string): Promise<string | null>;
}

export class TranslationError extends Error {}

/** `none`, the embedded default: keep the original, its language marked on the article. */
export class NoTranslator implements Translator {
  readonly provider = 'none';
  constructor(readonly target: string) {}
  async translate(): Promise<string | null> {
    return null;
  }
}

/** Apertium, when its command is installed: `apertium <from>-<to>` on stdin, for the pairs it has. */
export class ApertiumTranslator implements Translator {
  readonly provider = 'apertium';
  private pairs: Promise<Set<string>> | null = null;
  constructor(
    readonly target: string,
    private readonly command = 'apertium',
  ) {}

  async translate(text: string, from: string): Promise<string | null> {
    const pairs = await this.availablePairs();
    // Older pairs are named with two-letter codes (en-es), newer ones with three (eng-spa).
    const pair = [`${from}-${this.target}`, `${toApertiumCode(from)}-${toApertiumCode(this.target)}`].find((p) => pairs.has(p));
    if (!pair) return null;
    return run(this.command, ['-u', pair], text);
  }

  availablePairs(): Promise<Set<string>> {
    this.pairs ??= run(this.command, ['-l'], '')
      .then((out) => new Set(out.split(/\s+/).filter(Boolean)))
      .catch(() => new Set<string>());
    return this.pairs;
  }
}

/** Apertium names languages with ISO 639-3 codes for most pairs. */
function toApertiumCode(lang: string): string {
  const map: Record<string, string> = {
    en: 'eng',
    es: 'spa',
    ca: 'cat',
    fr: 'fra',
    pt: 'por',
    it: 'ita',
    ro: 'ron',
    gl: 'glg',
    eu: 'eus',
    nb: 'nob',
    no: 'nob',
    da: 'dan',
    sv: 'swe',
    de: 'deu',
    nl: 'nld',
    ru: 'rus',
    uk: 'ukr',
    pl: 'pol',
    cs: 'ces',
    bg: 'bul',
  };
  return map[lang] ?? lang;
}

function run(command: string, args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { maxBuffer: 20 * 1024 * 1024, timeout: 60_000 }, (err, stdout) => {
      if (err) reject(new TranslationError(`${command} failed: ${err.message}`));
      else resolve(stdout.trim());
    });
    child.stdin?.end(input);
  });
}

/** LibreTranslate's HTTP API: POST /translate {q, source, target, format, api_key}. */
export class LibreTranslateTranslator implements Translator {
  readonly provider = 'libretranslate';
  constructor(
    readonly target: string,
    private readonly url: string,
    private readonly apiKey: string | null,
  ) {}

  async translate(text: string, from: string): Promise<string | null> {
    const res = await fetch(new URL('translate', this.url.endsWith('/') ? this.url : `${this.url}/`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        q: text,
        source: from,
        target: this.target,
        format: 'text',
        ...(this.apiKey ? { api_key: this.apiKey } : {}),
      }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json().catch(() => ({}))) as { translatedText?: string; error?: string };
    if (res.status === 400 && /not supported|unsupported/i.test(body.error ?? '')) return null;
    if (!res.ok || typeof body.translatedText !== 'string')
      throw new TranslationError(`LibreTranslate answered ${res.status}: ${body.error ?? 'no translatedText'}`);
    return body.translatedText;
  }
}

/** Any OpenAI-compatible chat endpoint (OpenAI, vLLM, llama.cpp server, Ollama's /v1). */
export class OpenAiTranslator implements Translator {
  readonly provider = 'openai';
  constructor(
    readonly target: string,
    private readonly chat: ChatClient,
  ) {}

  async translate(text: string, from: string): Promise<string | null> {
    const out = await this.chat.complete([
      {
        role: 'system',
        content: `Translate the user's text from ${from} to ${this.target}. Keep every number, unit, name and date exactly. Reply with the translation only.`,
      },
      { role: 'user', content: text },
    ]);
    return out.trim() || null;
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export class ChatClient {
  constructor(private readonly options: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number }) {}

  async complete(messages: ChatMessage[], json = false): Promise<string> {
    const base = this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`;
    const res = await fetch(new URL('chat/completions', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
      body: JSON.stringify({
        model: this.options.model,
        messages,
        temperature: 0,
        ...(json ? { response_format: { type: 'json_object' } } : {}),
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!res.ok) throw new TranslationError(`chat endpoint answered ${res.status}`);
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new TranslationError('chat endpoint gave no message content');
    return content;
  }
}

/** Every translation is looked up first and stored after: an article is translated once, whatever re-runs. */
export class CachedTranslator implements Translator {
  constructor(
    private readonly inner: Translator,
    private readonly em: EntityManager,
  ) {}
  get provider() {
    return this.inner.provider;
  }
  get target() {
    return this.inner.target;
  }

  async translate(text: string, from: string): Promise<string | null> {
    if (this.inner.provider === 'none' || from === this.target || !text.trim()) return null;
    const key = createHash('sha256').update(`${this.inner.provider}\u0000${from}\u0000${this.target}\u0000${text}`).digest('hex');
    const em = this.em.fork();
    const hit = await em.findOne(TranslationCacheEntry, { key });
    if (hit) return hit.text;
    const translated = await this.inner.translate(text, from);
    if (translated === null) return null;
    const entry = Object.assign(new TranslationCacheEntry(), {
      key,
      provider: this.inner.provider,
      fromLanguage: from,
      toLanguage: this.target,
      text: translated,
    });
    await em.upsert(TranslationCacheEntry, entry, { onConflictFields: ['key'], onConflictAction: 'ignore' });
    return translated;
  }
}

export function createTranslator(config: EngineConfig['translator']): Translator {
  switch (config.provider) {
    case 'none':
      return new NoTranslator(config.target);
    case 'apertium':
      return new ApertiumTranslator(config.target, config.command);
    case 'libretranslate':
      return new LibreTranslateTranslator(config.target, config.url, config.apiKey);
    case 'openai':
      return new OpenAiTranslator(config.target, new ChatClient(config));
  }
}
