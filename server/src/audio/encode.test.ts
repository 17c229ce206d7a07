import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MPEGDecoder } from 'mpg123-decoder';
import { parseBuffer } from 'music-metadata';
import NodeID3 from 'node-id3';
import type { DigestStory } from '@dcbrief/shared';
import { episodeBytes, planEpisode } from './assemble.js';
import { encodeSentence } from './encode.js';
import { countFrames } from './mp3-frames.js';
import { buildScript } from './script.js';
import { FliteSynthesizer } from './tts/flite.js';
import { LINE_PAUSE_SEC, SEGMENT_PAUSE_SEC, type Sentence } from './synthesise.js';

const story = (id: string, title: string, facts: string[], corroboration: number): DigestStory => ({
  id,
  title,
  interest: 'infrastructure',
  corroboration,
  languages: ['en'],
  summary: facts.map((text) => ({ text, language: 'en', sourceIds: ['s'] })),
  keyFigures: [],
  sources: [{ id: 's', name: 'DCD', url: 'https://example.com/', language: 'en' }],
  firstSeenAt: '2026-11-23T05:00:00.000Z',
});

test('an episode is a CBR mono 64 kbps MP3 whose decoded length, chapters, transcript and JSON chapters agree', async () => {
  const script = buildScript({
    kind: 'daily',
    date: '2026-11-23',
    stories: [
      story('s1', 'Equinix plans a 40 MW campus in Frankfurt', ['The site will cost EUR 850 million.'], 4),
      story('s2', 'CISA lists CVE-2026-4410 as exploited', ['Agencies must patch by 15 December.'], 2),
    ],
  });
  // Each sentence encoded on its own (as the cache keeps it); the episode is their bytes joined (decision 410).
  const tts = new FliteSynthesizer({ workers: 2 });
  const encoded = new Map<string, Buffer>();
  let sentences: Sentence[][];
  let speechSec = 0;
  try {
    sentences = await Promise.all(
      script.map((segment, i) =>
        Promise.all(
          segment.lines.map(async (line, j) => {
            const pcm = await tts.synthesize(line.spoken, tts.preset('professional'));
            speechSec += pcm.samples.length / pcm.sampleRate;
            const mp3 = encodeSentence(pcm, LINE_PAUSE_SEC);
            const frames = countFrames(mp3);
            const key = `${i}-${j}`;
            encoded.set(key, mp3);
            return { key, sampleRate: frames.sampleRate, samples: frames.samples, bytes: mp3.length };
          }),
        ),
      ),
    );
  } finally {
    await tts.close();
  }
  const plan = planEpisode('DC Brief daily brief, Monday, 23 November 2026', '2026-11-23', script, sentences);
  const pieces: Buffer[] = [];
  for await (const piece of episodeBytes(plan, async (key) => encoded.get(key)!)) pieces.push(piece);
  const episode = { ...plan, mp3: Buffer.concat(pieces) };
  assert.equal(episode.mp3.length, plan.bytes, 'the length announced before writing is the length written');
  // What the script asks for: each sentence's speech, its pause, and a longer pause after each chapter.
  const lines = script.reduce((n, s) => n + s.lines.length, 0);
  const segmentsSec = speechSec + lines * LINE_PAUSE_SEC + script.length * SEGMENT_PAUSE_SEC;
  assert.ok(
    Math.abs(episode.durationMs / 1000 - segmentsSec) / segmentsSec < 0.05,
    `timed ${episode.durationMs} ms against ${segmentsSec} s`,
  );

  // Read by music-metadata: the stream, and the ID3 chapter frames in order.
  const meta = await parseBuffer(episode.mp3, { mimeType: 'audio/mpeg' }, { duration: true, includeChapters: true });
  assert.equal(meta.format.container, 'MPEG');
  assert.equal(meta.format.codec, 'MPEG 2 Layer 3');
  assert.equal(meta.format.sampleRate, 16000);
  assert.equal(meta.format.numberOfChannels, 1);
  assert.equal(meta.format.bitrate, 64000);
  assert.equal(meta.format.codecProfile, 'CBR');
  assert.ok(Math.abs(meta.format.duration! - segmentsSec) / segmentsSec < 0.05, `duration ${meta.format.duration} against ${segmentsSec}`);
  assert.deepEqual(
    meta.format.chapters?.map((c) => c.title),
    ['Introduction', 'Equinix plans a 40 MW campus in Frankfurt', 'CISA lists CVE-2026-4410 as exploited', 'End'],
  );
  const starts = meta.format.chapters!.map((c) => c.start);
  assert.deepEqual(
    starts,
    [...starts].sort((a, b) => a - b),
    'chapters in time order',
  );
  assert.equal(starts[0], 0);
  assert.equal(meta.common.title, 'DC Brief daily brief, Monday, 23 November 2026');
  // The CTOC lists the CHAP elements in order (node-id3's reading of the raw frames).
  const raw = NodeID3.read(episode.mp3);
  assert.deepEqual(raw.tableOfContents?.[0]?.elements, ['intro', 'story-1', 'story-2', 'outro']);
  assert.equal(raw.tableOfContents?.[0]?.isOrdered, true);

  // Decoded by mpg123 (WebAssembly): the audio lasts as long as its segments (within 5 %) and is speech, not silence.
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const decoded = decoder.decode(new Uint8Array(episode.mp3));
  decoder.free();
  assert.deepEqual(decoded.errors, [], 'the joined frames decode without an error');
  const seconds = decoded.samplesDecoded / decoded.sampleRate;
  assert.ok(Math.abs(seconds - segmentsSec) / segmentsSec < 0.05, `decoded ${seconds} s against ${segmentsSec} s`);
  // The chapters' clock is the decoder's: the timings end where the decoded audio ends (to a frame).
  assert.ok(Math.abs(seconds * 1000 - episode.durationMs) <= 36, `decoded ${seconds} s, timed ${episode.durationMs} ms`);
  const samples = decoded.channelData[0]!;
  let peak = 0;
  let sum = 0;
  for (const s of samples) {
    peak = Math.max(peak, Math.abs(s));
    sum += s * s;
  }
  const rms = Math.sqrt(sum / samples.length);
  assert.ok(peak > 0.2 && peak <= 1, `peak ${peak}`);
  assert.ok(rms > 0.02 && rms < 0.5, `rms ${rms}`);

  // The transcript: a cue per sentence, in order, ending with the episode.
  const cues = episode.vtt.split('\n\n').slice(1);
  assert.match(
    episode.vtt,
    /^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:0\d\.\d{3}\nDC Brief, your daily brief for Monday, 23 November 2026\.\n/,
  );
  assert.equal(
    cues.length,
    script.reduce((n, s) => n + s.lines.length, 0),
  );
  assert.ok(episode.vtt.includes('\nThe site will cost EUR 850 million.\n'), 'the transcript shows the text as written');
  const chapters = JSON.parse(episode.chaptersJson) as { version: string; chapters: Array<{ startTime: number; title: string }> };
  assert.equal(chapters.version, '1.2.0');
  assert.deepEqual(
    chapters.chapters.map((c) => c.startTime),
    episode.chapters.map((c) => c.startMs / 1000),
  );
  if (process.env.AUDIO_SAMPLE_OUT) (await import('node:fs')).writeFileSync(process.env.AUDIO_SAMPLE_OUT, episode.mp3);
});
