import type { TranslatorConfig } from '../engine.config.js';
import { ApertiumTranslator } from './apertium.js';
import { LibreTranslateTranslator } from './libretranslate.js';
import { OpenAiTranslator } from './openai-translator.js';
import { ChatClient, NoTranslator, type TranslationProvider } from './translator.js';

/** The configured translation provider (the engine wraps it in the cache and the per-pass budget). */
export function createTranslator(config: TranslatorConfig): TranslationProvider {
  switch (config.provider) {
    case 'none':
      return new NoTranslator(config.target);
    case 'apertium':
      return new ApertiumTranslator(config.target, config.command, config.timeoutMs);
    case 'libretranslate':
      return new LibreTranslateTranslator(config.target, { url: config.url, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
    case 'openai':
      return new OpenAiTranslator(config.target, new ChatClient(config));
  }
}
