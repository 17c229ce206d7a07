import { VOICE_STYLES, type VoiceStyle } from '@dcbrief/shared';
import type { Pcm } from '../pcm.js';

/**
 * A voice as a provider is asked for it: the preset a voice style maps to. Its `key` names it in the segment
 * cache and in an episode's identity: two presets with one key sound the same.
 */
export interface VoicePreset {
  provider: string;
  voice: string;
  /** Speaking rate, 1 = the voice's own (the listener's speed is the player's playbackRate, never this). */
  rate: number;
  /** Pitch shift in semitones where the provider has one; 0 = the voice's own. */
  pitch: number;
  key: string;
}

/** The text-to-speech port: one provider chosen by config (docs/decisions/402). */
export interface SpeechSynthesizer {
  readonly provider: string;
  /** The preset of a voice style; an unknown style throws UnknownVoiceStyleError. */
  preset(style: string): VoicePreset;
  /** One sentence or a few, already normalised for speech, as mono 16-bit audio. */
  synthesize(text: string, preset: VoicePreset): Promise<Pcm>;
  /**
   * Requests it works on at once (Flite: its worker threads); callers keep no more in flight, so a request's
   * time is its synthesis, not a queue, and finished audio does not pile up waiting (decision 410). Unset: 2.
   */
  readonly parallelism?: number;
  close(): Promise<void>;
}

export class UnknownVoiceStyleError extends Error {
  constructor(provider: string, style: string) {
    super(`Unknown voice style "${style}" for the ${provider} speech provider (known: ${VOICE_STYLES.join(', ')})`);
    this.name = 'UnknownVoiceStyleError';
  }
}

/** A provider that failed (network, server error, engine error): the job logs it and retries later. */
export class SpeechProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider} speech provider failed: ${message}`, options);
    this.name = 'SpeechProviderError';
  }
}

export function makePreset(provider: string, voice: string, rate = 1, pitch = 0): VoicePreset {
  return { provider, voice, rate, pitch, key: `${provider}:${voice}:r${rate}:p${pitch}` };
}

/** Looks a style up in a provider's table of presets. */
export function presetOf(provider: string, presets: Record<VoiceStyle, VoicePreset>, style: string): VoicePreset {
  if (!(VOICE_STYLES as readonly string[]).includes(style)) throw new UnknownVoiceStyleError(provider, style);
  return presets[style as VoiceStyle];
}
