import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { durationSec, toWav, type Pcm } from '../pcm.js';
import { FliteSynthesizer } from './flite.js';
import { OpenAiSpeechSynthesizer } from './openai.js';
import { findSherpaModel, SherpaModelError, SherpaSynthesizer } from './sherpa.js';
import { SpeechProviderError, UnknownVoiceStyleError } from './port.js';

function rms(pcm: Pcm): number {
  let sum = 0;
  for (const s of pcm.samples) sum += s * s;
  return Math.sqrt(sum / pcm.samples.length) / 32768;
}

test('the embedded engine speaks each voice style, off the event loop, with no network', async () => {
  const tts = new FliteSynthesizer({ workers: 2 });
  try {
    const text = 'Equinix will build a 40 megawatt data center in Frankfurt.';
    const clips = await Promise.all((['professional', 'conversational', 'news'] as const).map((s) => tts.synthesize(text, tts.preset(s))));
    const keys = new Set(['professional', 'conversational', 'news'].map((s) => tts.preset(s).key));
    assert.equal(keys.size, 3, 'each style is its own preset');
    for (const clip of clips) {
      assert.equal(clip.sampleRate, 16000);
      // Ten words of speech: two to six seconds, and audible (not silence).
      assert.ok(durationSec(clip) > 2 && durationSec(clip) < 6, `duration ${durationSec(clip)}`);
      assert.ok(rms(clip) > 0.02, `level ${rms(clip)}`);
    }
    // The same text and preset give the same audio (what makes the segment cache sound).
    const again = await tts.synthesize(text, tts.preset('professional'));
    assert.deepEqual(again.samples, clips[0]!.samples);
    assert.throws(() => tts.preset('whisper'), UnknownVoiceStyleError);
  } finally {
    await tts.close();
  }
});

/** A stand-in for OpenAI's speech endpoint: its request shape, auth and error format, WAV of unknown length. */
async function speechServer(key: string) {
  const requests: Array<Record<string, unknown>> = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const fail = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code: null } }));
    };
    if (req.method !== 'POST' || req.url !== '/v1/audio/speech') return fail(404, `Invalid URL (${req.method} ${req.url})`);
    if (req.headers.authorization !== `Bearer ${key}`) return fail(401, 'Incorrect API key provided: sk-wr***ng.');
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    requests.push(body);
    if (!['alloy', 'nova', 'onyx'].includes(body.voice as string)) return fail(400, `Invalid value for 'voice': ${String(body.voice)}`);
    // 24 kHz 16-bit mono, streamed: the RIFF and data sizes are 0xFFFFFFFF, as OpenAI writes them.
    const seconds = (body.input as string).split(' ').length * 0.3;
    const samples = new Int16Array(Math.round(24000 * seconds)).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 24000)));
    const wav = toWav({ sampleRate: 24000, samples });
    wav.writeUInt32LE(0xffffffff, 4);
    wav.writeUInt32LE(0xffffffff, 40);
    res.writeHead(200, { 'content-type': 'audio/wav', 'transfer-encoding': 'chunked' });
    res.end(wav);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests, close: () => server.close() };
}

test('an OpenAI-compatible endpoint: voice and speed per style, WAV read as mono samples, its errors said clearly', async () => {
  const api = await speechServer('sk-test');
  try {
    const tts = new OpenAiSpeechSynthesizer({ baseUrl: api.url, apiKey: 'sk-test', model: 'tts-1' });
    const clip = await tts.synthesize('Reported by 3 outlets.', tts.preset('news'));
    assert.equal(clip.sampleRate, 24000);
    assert.ok(Math.abs(durationSec(clip) - 1.2) < 0.01);
    assert.deepEqual(api.requests[0], {
      model: 'tts-1',
      input: 'Reported by 3 outlets.',
      voice: 'onyx',
      speed: 1.1,
      response_format: 'wav',
    });

    const wrongKey = new OpenAiSpeechSynthesizer({ baseUrl: api.url, apiKey: 'sk-wrong', model: 'tts-1' });
    await assert.rejects(wrongKey.synthesize('Hello.', wrongKey.preset('professional')), (err: Error) => {
      assert.ok(err instanceof SpeechProviderError);
      assert.match(err.message, /openai speech provider failed: HTTP 401 .*Incorrect API key provided/);
      return true;
    });
    const badVoice = new OpenAiSpeechSynthesizer({ baseUrl: api.url, apiKey: 'sk-test', model: 'tts-1', voices: { news: 'nobody' } });
    await assert.rejects(badVoice.synthesize('Hello.', badVoice.preset('news')), /HTTP 400 .*Invalid value for 'voice': nobody/);
  } finally {
    api.close();
  }
  const down = new OpenAiSpeechSynthesizer({ baseUrl: 'http://127.0.0.1:9/v1', model: 'tts-1' });
  await assert.rejects(down.synthesize('Hello.', down.preset('news')), /openai speech provider failed: .*unreachable/);
});

test('sherpa-onnx: the model directory is read as Piper or Kokoro, and a broken model fails clearly through the real addon', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sherpa-'));
  try {
    const make = (name: string, files: string[]) => {
      const dir = path.join(root, name);
      mkdirSync(path.join(dir, 'espeak-ng-data'), { recursive: true });
      for (const f of files) writeFileSync(path.join(dir, f), 'not a model');
      return dir;
    };
    const piper = make('vits-piper-en_US-amy-low', ['en_US-amy-low.onnx', 'tokens.txt']);
    const kokoro = make('kokoro-en-v0_19', ['model.onnx', 'voices.bin', 'tokens.txt']);
    const missing = make('half', ['model.onnx']);
    assert.deepEqual(findSherpaModel(piper), {
      kind: 'piper',
      model: path.join(piper, 'en_US-amy-low.onnx'),
      tokens: path.join(piper, 'tokens.txt'),
      dataDir: path.join(piper, 'espeak-ng-data'),
    });
    assert.equal(findSherpaModel(kokoro).kind, 'kokoro');
    assert.throws(
      () => findSherpaModel(missing),
      (e: Error) => e instanceof SherpaModelError && /has no tokens\.txt/.test(e.message),
    );
    assert.throws(() => findSherpaModel(path.join(root, 'absent')), /does not exist/);

    const tts = new SherpaSynthesizer({ modelDir: kokoro });
    assert.deepEqual(
      ['professional', 'conversational', 'news'].map((s) => [tts.preset(s).voice, tts.preset(s).rate]),
      [
        ['3', 1],
        ['1', 1.05],
        ['6', 1.1],
      ],
    );
    assert.deepEqual(Object.keys(tts.engineConfig().model), ['kokoro', 'numThreads', 'provider', 'debug']);
    const voice = new SherpaSynthesizer({ modelDir: piper });
    await assert.rejects(voice.synthesize('Hello.', voice.preset('professional')), (err: Error) => {
      assert.ok(err instanceof SpeechProviderError);
      assert.match(
        err.message,
        /sherpa speech provider failed: cannot load the model in .*vits-piper-en_US-amy-low: Failed to create OfflineTts/,
      );
      return true;
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
