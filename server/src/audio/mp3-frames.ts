/**
 * MPEG-1/2/2.5 Layer III frame headers (ISO 11172-3, 13818-3): enough to count the frames of an encoded
 * sentence and so know its exact length in samples, which the episode's chapters and transcript are timed by
 * (decision 410). Written here: npm's MP3 parsers read whole files for tags and duration estimates, not a
 * frame count of a headerless stream of joined frames.
 */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface FrameHeader {
  sampleRate: number;
  /** 1152 for MPEG-1, 576 for MPEG-2 and 2.5. */
  samplesPerFrame: number;
  kbps: number;
  /** The frame's length in bytes, header included. */
  bytes: number;
}

/** The Layer III frame header at `at`, or null when there is none. */
export function frameHeader(buf: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > buf.length || buf[at] !== 0xff || (buf[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (buf[at + 1]! >> 3) & 3;
  const layer = (buf[at + 1]! >> 1) & 3;
  const bitrateIndex = buf[at + 2]! >> 4;
  const rateIndex = (buf[at + 2]! >> 2) & 3;
  const padding = (buf[at + 2]! >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
  const sampleRate = RATES[version]![rateIndex]!;
  const bytes = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / sampleRate) + padding;
  return { sampleRate, samplesPerFrame: mpeg1 ? 1152 : 576, kbps, bytes };
}

export interface FrameRun {
  frames: number;
  sampleRate: number;
  samplesPerFrame: number;
  /** Decoded length: frames times samples per frame. */
  samples: number;
}

/**
 * Counts the frames of a stream that is nothing but Layer III frames of one sample rate (an encoder's output
 * without tags). Anything else is refused: a sentence the episode is timed by must be exactly what it says.
 */
export function countFrames(buf: Uint8Array): FrameRun {
  let at = 0;
  let frames = 0;
  let first: FrameHeader | null = null;
  while (at < buf.length) {
    const header = frameHeader(buf, at);
    if (!header) throw new Error(`No MP3 frame at byte ${at} of ${buf.length}`);
    if (first && (header.sampleRate !== first.sampleRate || header.samplesPerFrame !== first.samplesPerFrame)) {
      throw new Error(`MP3 frames of ${first.sampleRate} Hz and ${header.sampleRate} Hz in one stream`);
    }
    first ??= header;
    if (at + header.bytes > buf.length) throw new Error(`MP3 frame at byte ${at} is cut short`);
    at += header.bytes;
    frames++;
  }
  if (!first) throw new Error('No MP3 frames');
  return { frames, sampleRate: first.sampleRate, samplesPerFrame: first.samplesPerFrame, samples: frames * first.samplesPerFrame };
}
