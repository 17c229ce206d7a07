import { describe, expect, it, vi } from 'vitest';
import type { Episode } from '@dcbrief/shared';
import { AUDIO_CACHE } from '@/lib/offline-cache';
import { fakeApi } from '@/test/fake-api';
import { fakeCaches } from '@/test/fake-caches';
import { downloadEpisode } from './download-episode';

const episode = {
  digestId: 'd-1',
  kind: 'daily',
  date: '2026-11-24',
  audioUrl: '/api/audio/episodes/d-1/audio.mp3',
  downloadUrl: '/api/audio/episodes/d-1/audio.mp3?download=1',
  transcriptUrl: '/api/audio/episodes/d-1/transcript.vtt',
  chaptersUrl: '/api/audio/episodes/d-1/chapters.json',
} as Episode;

describe('Download keeps the episode for offline listening (docs/decisions/610)', () => {
  it('fetches the MP3 once, keeps it and its transcript under the addresses the player reads, and saves the file', async () => {
    const cache = fakeCaches();
    const api = fakeApi({
      'GET /api/audio/episodes/d-1/audio.mp3': async () => new Response(new Uint8Array([0xff, 0xfb, 1, 2, 3]), { status: 200 }),
      'GET /api/audio/episodes/d-1/transcript.vtt': async () => new Response('WEBVTT\n', { status: 200 }),
    });
    const save = vi.fn<(blob: Blob, name: string) => void>();
    await expect(downloadEpisode(episode, save)).resolves.toBe(true);
    expect(api.callsTo('GET', '/api/audio/episodes/d-1/audio.mp3')).toHaveLength(1);
    expect(cache.entries()[AUDIO_CACHE]?.sort()).toEqual([episode.audioUrl, episode.transcriptUrl]);
    expect(await cache.text(AUDIO_CACHE, episode.transcriptUrl)).toBe('WEBVTT\n');
    const [blob, name] = save.mock.calls[0]!;
    expect(name).toBe('dc-brief-daily-2026-11-24.mp3');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xfb, 1, 2, 3]));
  });

  it('keeps nothing and saves nothing when the server refuses (the plan ended)', async () => {
    const cache = fakeCaches();
    fakeApi({
      'GET /api/audio/episodes/d-1/audio.mp3': { status: 403, body: { message: 'The audio digest is part of Premium Intelligence.' } },
    });
    const save = vi.fn();
    await expect(downloadEpisode(episode, save)).rejects.toMatchObject({ status: 403 });
    expect(cache.entries()).toEqual({});
    expect(save).not.toHaveBeenCalled();
  });

  it('without Cache Storage it leaves the download to the plain link', async () => {
    const api = fakeApi({});
    await expect(downloadEpisode(episode, vi.fn())).resolves.toBe(false);
    expect(api.calls).toHaveLength(0);
  });
});
