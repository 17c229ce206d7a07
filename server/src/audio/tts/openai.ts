import type { VoiceStyle } from '@dcbrief/shared';
import { parseWav, type Pcm } from '../pcm.js';
import { makePreset, presetOf, SpeechProviderError, type SpeechSynthesizer, type VoicePreset } from './port.js';

export interface OpenAiSpeechOptions {
  /** Up to and including /v1: https://api.openai.com/v1, or a self-hosted server's. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Voice per style; defaults suit OpenAI's own voices. */
  voices?: Partial<Record<VoiceStyle, string>>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_VOICES: Record<VoiceStyle, string> = { professional: 'alloy', conversational: 'nova', news: 'onyx' };
const RATES: Record<VoiceStyle, number> = { professional: 1, conversational: 1.05, news: 1.1 };

/**
 * Any OpenAI-compatible `POST /v1/audio/speech` (OpenAI itself, or a self-hosted server that speaks its API:
 * Kokoro-FastAPI, openedai-speech, LocalAI). Asks for WAV, which every such server writes, and reads it as
 * 16-bit mono. docs/decisions/402.
 */
export class OpenAiSpeechSynthesizer implements SpeechSynthesizer {
  readonly provider = 'openai';
  private readonly presets: Record<VoiceStyle, VoicePreset>;
  private readonly endpoint: string;

  constructor(private readonly options: OpenAiSpeechOptions) {
    const voices = { ...DEFAULT_VOICES, ...options.voices };
    this.presets = {
      professional: makePreset(`openai/${options.model}`, voices.professional, RATES.professional),
      conversational: makePreset(`openai/${options.model}`, voices.conversational, RATES.conversational),
      news: makePreset(`openai/${options.model}`, voices.news, RATES.news),
    };
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  }

  preset(style: string): VoicePreset {
    return presetOf(this.provider, this.presets, style);
  }

  async synthesize(text: string, preset: VoicePreset): Promise<Pcm> {
    const doFetch = this.options.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.options.model, input: text, voice: preset.voice, speed: preset.rate, response_format: 'wav' }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
      });
    } catch (err) {
      throw new SpeechProviderError(this.provider, `${this.endpoint} unreachable: ${(err as Error).message}`, { cause: err });
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) {
      // The API's own error message when it gives one ({"error": {"message": ...}}), never the request.
      let detail = body.toString('utf8', 0, 300);
      try {
        detail = (JSON.parse(body.toString('utf8')) as { error?: { message?: string } }).error?.message ?? detail;
      } catch {
        /* not JSON: the start of the body */
      }
      throw new SpeechProviderError(this.provider, `HTTP ${res.status} from ${this.endpoint}: ${detail}`);
    }
    try {
      return parseWav(body);
    } catch (err) {
      throw new SpeechProviderError(this.provider, `unreadable audio from ${this.endpoint}: ${(err as Error).message}`, { cause: err });
    }
  }

  async close(): Promise<void> {}
}
