import path from 'node:path';
import { VOICE_STYLES, type VoiceStyle } from '@dcbrief/shared';
import { FileAudioStore, S3AudioStore, type AudioStore, type S3StoreOptions } from './storage.js';
import { FliteSynthesizer } from './tts/flite.js';
import { OpenAiSpeechSynthesizer } from './tts/openai.js';
import type { SpeechSynthesizer } from './tts/port.js';
import { SherpaSynthesizer } from './tts/sherpa.js';

/** The audio digest's settings (README, configuration table: AUDIO_*). */
export interface AudioConfig {
  /** Whether the server prepares episodes itself (the job runs every `intervalSec`). */
  enabled: boolean;
  intervalSec: number;
  provider: 'embedded' | 'sherpa' | 'openai';
  /** Flite worker threads (embedded); null: one per core but one. */
  workers: number | null;
  sherpa: { modelDir: string | null; speakers: Partial<Record<VoiceStyle, number>>; threads: number };
  openai: { baseUrl: string; apiKey: string | null; model: string; voices: Partial<Record<VoiceStyle, string>> };
  /** Files of episodes and segments (DATA_DIR/audio), unless an S3-compatible store is configured. */
  dir: string;
  s3: S3StoreOptions | null;
  /** Episodes of digests older than this, and sentences unused for as long, are removed (decision 412). */
  retentionDays: number;
  maxAttempts: number;
}

/** "professional=alloy,news=onyx" -> { professional: 'alloy', news: 'onyx' }; unknown styles are refused. */
export function parseStyleMap(value: string | undefined, name: string): Partial<Record<VoiceStyle, string>> {
  const map: Partial<Record<VoiceStyle, string>> = {};
  for (const pair of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [style, voice] = pair.split('=').map((s) => s.trim());
    if (!style || !voice || !(VOICE_STYLES as readonly string[]).includes(style)) {
      throw new Error(`${name}: "${pair}" is not style=voice with a style among ${VOICE_STYLES.join(', ')}`);
    }
    map[style as VoiceStyle] = voice;
  }
  return map;
}

export class AudioConfigError extends Error {}

/** The configured provider. A provider that lacks what it needs fails here with what to set, not at boot. */
export function createSynthesizer(config: AudioConfig): SpeechSynthesizer {
  switch (config.provider) {
    case 'embedded':
      return new FliteSynthesizer({ workers: config.workers ?? undefined });
    case 'sherpa':
      if (!config.sherpa.modelDir)
        throw new AudioConfigError(
          'AUDIO_TTS_PROVIDER=sherpa needs AUDIO_SHERPA_MODEL_DIR (a sherpa-onnx Piper or Kokoro model directory)',
        );
      return new SherpaSynthesizer({ modelDir: config.sherpa.modelDir, speakers: config.sherpa.speakers, threads: config.sherpa.threads });
    case 'openai':
      return new OpenAiSpeechSynthesizer({
        baseUrl: config.openai.baseUrl,
        apiKey: config.openai.apiKey ?? undefined,
        model: config.openai.model,
        voices: config.openai.voices,
      });
  }
}

export function createAudioStore(config: Pick<AudioConfig, 'dir' | 's3'>): AudioStore {
  return config.s3 ? new S3AudioStore(config.s3) : new FileAudioStore(path.resolve(config.dir));
}
