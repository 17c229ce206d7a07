import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MPEGDecoder } from 'mpg123-decoder';
import { parseBuffer } from 'music-metadata';
import NodeID3 from 'node-id3';
import type { DigestStory } from '@dcbrief/shared';
import { assembleEpisode } from './assemble.js';
import { buildScript } from './script.js';
import { FliteSynthesizer } from './tts/flite.js';
import { LINE_PAUSE_SEC, SEGMENT_PAUSE_SEC } from './synthesise.js';
import { concat, silence } from './pcm.js';

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
  const tts = new FliteSynthesizer({ workers: 2 });
  let audio;
  try {
    audio = await Promise.all(
      script.map(async (segment) => {
        const lines = await Promise.all(segment.lines.map((l) => tts.synthesize(l.spoken, tts.preset('professional'))));
        const parts = lines.flatMap((pcm, i) => [
          pcm,
          silence(pcm.sampleRate, LINE_PAUSE_SEC + (i === lines.length - 1 ? SEGMENT_PAUSE_SEC : 0)),
        ]);
        const lineMs = lines.map((pcm, i) => Math.round(((pcm.samples.length + parts[2 * i + 1]!.samples.length) * 1000) / pcm.sampleRate));
        return { pcm: concat(parts), lineMs };
      }),
    );
  } finally {
    await tts.close();
  }
  const episode = assembleEpisode('DC Brief daily brief, Monday, 23 November 2026', '2026-11-23', script, audio);
  const segmentsSec = audio.reduce((n, a) => n + a.pcm.samples.length / a.pcm.sampleRate, 0);
  assert.ok(Math.abs(episode.durationMs / 1000 - segmentsSec) < 0.01 * script.length);

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
  const seconds = decoded.samplesDecoded / decoded.sampleRate;
  assert.ok(Math.abs(seconds - segmentsSec) / segmentsSec < 0.05, `decoded ${seconds} s against ${segmentsSec} s`);
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
