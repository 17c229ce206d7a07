import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { VoiceStyle } from '@dcbrief/shared';
import { fromFloat32, type Pcm } from '../pcm.js';
import { makePreset, presetOf, SpeechProviderError, type SpeechSynthesizer, type VoicePreset } from './port.js';

/** The model files sherpa-onnx needs, found in an operator's model directory. */
export type SherpaModel =
  | { kind: 'piper'; model: string; tokens: string; dataDir: string }
  | { kind: 'kokoro'; model: string; voices: string; tokens: string; dataDir: string };

export class SherpaModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SherpaModelError';
  }
}

/**
 * Reads a model directory as sherpa-onnx's releases lay them out: a Piper voice converted for sherpa-onnx
 * (vits-piper-*: one .onnx, tokens.txt, espeak-ng-data/) or Kokoro (kokoro-*: model.onnx, voices.bin,
 * tokens.txt, espeak-ng-data/). Says what is missing.
 */
export function findSherpaModel(dir: string): SherpaModel {
  if (!existsSync(dir)) throw new SherpaModelError(`AUDIO_SHERPA_MODEL_DIR ${dir} does not exist`);
  const files = readdirSync(dir);
  const onnx = files.filter((f) => f.endsWith('.onnx'));
  const need = (name: string) => {
    if (!files.includes(name)) throw new SherpaModelError(`${dir} has no ${name} (a sherpa-onnx Piper or Kokoro model directory has one)`);
    return path.join(dir, name);
  };
  const tokens = need('tokens.txt');
  const dataDir = need('espeak-ng-data');
  if (files.includes('voices.bin')) {
    const model = files.includes('model.onnx') ? 'model.onnx' : onnx[0];
    if (!model) throw new SherpaModelError(`${dir} has voices.bin but no .onnx model`);
    return { kind: 'kokoro', model: path.join(dir, model), voices: path.join(dir, 'voices.bin'), tokens, dataDir };
  }
  if (onnx.length !== 1) throw new SherpaModelError(`${dir} must hold exactly one .onnx Piper model, found ${onnx.length}`);
  return { kind: 'piper', model: path.join(dir, onnx[0]!), tokens, dataDir };
}

/**
 * Speaker ids per style. A Piper voice has one speaker (0) and varies by rate; Kokoro v0.19's English
 * speakers are 0 af, 1 af_bella, 2 af_nicole, 3 af_sarah, 4 af_sky, 5 am_adam, 6 am_michael, 7 bf_emma,
 * 8 bf_isabella, 9 bm_george, 10 bm_lewis.
 */
const SPEAKERS: Record<SherpaModel['kind'], Record<VoiceStyle, number>> = {
  piper: { professional: 0, conversational: 0, news: 0 },
  kokoro: { professional: 3, conversational: 1, news: 6 },
};
const RATES: Record<VoiceStyle, number> = { professional: 1, conversational: 1.05, news: 1.1 };

interface OfflineTts {
  sampleRate: number;
  generateAsync(req: { text: string; sid: number; speed: number }): Promise<{ samples: Float32Array; sampleRate: number }>;
}

export interface SherpaOptions {
  modelDir: string;
  /** Speaker id per style, overriding the defaults above (a multi-speaker Piper voice, another Kokoro release). */
  speakers?: Partial<Record<VoiceStyle, number>>;
  threads?: number;
}

/**
 * Natural voices on the CPU with sherpa-onnx's Node addon (its prebuilt binary is an npm package), from a
 * model directory the operator supplies: nothing is downloaded. Which voices' licences allow commercial use:
 * docs/decisions/402.
 */
export class SherpaSynthesizer implements SpeechSynthesizer {
  readonly provider = 'sherpa';
  readonly model: SherpaModel;
  private readonly presets: Record<VoiceStyle, VoicePreset>;
  private engine: Promise<OfflineTts> | null = null;

  constructor(private readonly options: SherpaOptions) {
    this.model = findSherpaModel(options.modelDir);
    const speakers = { ...SPEAKERS[this.model.kind], ...options.speakers };
    const name = `sherpa/${path.basename(path.resolve(options.modelDir))}`;
    this.presets = {
      professional: makePreset(name, String(speakers.professional), RATES.professional),
      conversational: makePreset(name, String(speakers.conversational), RATES.conversational),
      news: makePreset(name, String(speakers.news), RATES.news),
    };
  }

  preset(style: string): VoicePreset {
    return presetOf(this.provider, this.presets, style);
  }

  /** The engine's configuration for the model found (what the addon is given). */
  engineConfig() {
    const m = this.model;
    const model =
      m.kind === 'piper'
        ? { vits: { model: m.model, tokens: m.tokens, dataDir: m.dataDir } }
        : { kokoro: { model: m.model, voices: m.voices, tokens: m.tokens, dataDir: m.dataDir } };
    return { model: { ...model, numThreads: this.options.threads ?? 1, provider: 'cpu', debug: false }, maxNumSentences: 1 };
  }

  async synthesize(text: string, preset: VoicePreset): Promise<Pcm> {
    try {
      const tts = await this.load();
      const audio = await tts.generateAsync({ text, sid: Number(preset.voice), speed: preset.rate });
      return fromFloat32(audio.samples, audio.sampleRate);
    } catch (err) {
      if (err instanceof SpeechProviderError) throw err;
      throw new SpeechProviderError(this.provider, (err as Error).message, { cause: err });
    }
  }

  async close(): Promise<void> {
    this.engine = null;
  }

  private load(): Promise<OfflineTts> {
    if (!this.engine) {
      const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as {
        OfflineTts: { createAsync(config: unknown): Promise<OfflineTts> };
      };
      this.engine = sherpa.OfflineTts.createAsync(this.engineConfig()).catch((err: Error) => {
        this.engine = null;
        throw new SpeechProviderError(this.provider, `cannot load the model in ${this.options.modelDir}: ${err.message}`, { cause: err });
      });
    }
    return this.engine;
  }
}
