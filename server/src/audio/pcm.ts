/** Mono 16-bit audio in memory: what every provider's output is turned into, and what the encoder takes. */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

export const durationSec = (pcm: Pcm) => pcm.samples.length / pcm.sampleRate;

/** Float samples in [-1, 1] (sherpa-onnx) as 16-bit integers, clipped. */
export function fromFloat32(samples: Float32Array, sampleRate: number): Pcm {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = Math.round(s < 0 ? s * 0x8000 : s * 0x7fff);
  }
  return { sampleRate, samples: out };
}

/**
 * A RIFF WAVE file of 16-bit PCM (flite writes them; OpenAI-compatible servers return them) as mono samples;
 * stereo is mixed down. Anything else is refused with the reason.
 */
export function parseWav(buf: Buffer): Pcm {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAVE file');
  }
  let format: { channels: number; sampleRate: number; bits: number; tag: number } | null = null;
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    // Streams of unknown length (a server writing as it synthesises) give 0 or 0xFFFFFFFF: the rest is data.
    let size = buf.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      format = {
        tag: buf.readUInt16LE(body),
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bits: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('WAVE data before its format');
      if (format.tag !== 1 || format.bits !== 16)
        throw new Error(`WAVE format ${format.tag} with ${format.bits}-bit samples is not 16-bit PCM`);
      if (size === 0 || size === 0xffffffff || body + size > buf.length) size = buf.length - body;
      const frames = Math.floor(size / 2 / format.channels);
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < format.channels; c++) sum += buf.readInt16LE(body + (i * format.channels + c) * 2);
        samples[i] = Math.round(sum / format.channels);
      }
      return { sampleRate: format.sampleRate, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAVE file without data');
}

/** A clip as a 16-bit mono WAVE file (the segment cache's format, and test fixtures). */
export function toWav(pcm: Pcm): Buffer {
  const data = pcm.samples.length * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(pcm.sampleRate, 24);
  buf.writeUInt32LE(pcm.sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, data).copy(buf, 44);
  return buf;
}
