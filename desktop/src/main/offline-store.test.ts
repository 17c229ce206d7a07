import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { digest, episode, streamOf, user } from '../test-support/fixtures.js';
import { OfflineStore, TRANSCRIPT_MAX_BYTES } from './offline-store.js';

describe('the briefs kept on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dcbrief-offline-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const week = () =>
    ['2026-11-24', '2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19', '2026-11-18', '2026-11-17', '2026-11-16'].map(
      (d) => digest(d),
    );

  test('keeps the latest brief and the 6 before it, with the subscriber and when they were fetched', async () => {
    const store = new OfflineStore(dir);
    expect(await store.read()).toBeNull();
    const digests = week();
    expect(await store.saveBriefs({ updatedAt: new Date('2026-11-24T06:02:00Z'), user: user(), digests })).toBe(7);
    const copy = await new OfflineStore(dir).read();
    expect(copy?.updatedAt).toBe('2026-11-24T06:02:00.000Z');
    expect(copy?.digests.map((d) => d.date)).toEqual(digests.slice(0, 7).map((d) => d.date));
    expect(copy?.digests[0]).toEqual(digests[0]);
    expect(copy?.user?.email).toBe('reader@colo.example');
  });

  test('a corrupt file is set aside and read as nothing, and the next save works', async () => {
    const store = new OfflineStore(dir);
    await store.saveBriefs({ updatedAt: new Date(), user: user(), digests: week() });
    await writeFile(path.join(dir, 'briefs.json'), '{"updatedAt": "2026-11-24", "digests": [{"id": ');
    expect(await store.read()).toBeNull();
    expect(await readdir(dir)).toContain('briefs.json.corrupt');
    // Valid JSON of another shape (an older format) is refused the same way.
    await writeFile(path.join(dir, 'briefs.json'), JSON.stringify({ digests: 'none' }));
    expect(await store.read()).toBeNull();
    expect(await store.saveBriefs({ updatedAt: new Date(), user: null, digests: week().slice(0, 1) })).toBe(1);
    expect((await store.read())?.digests).toHaveLength(1);
  });

  test('over the size cap, the oldest briefs go first and the latest stays', async () => {
    const digests = week();
    const one = Buffer.byteLength(JSON.stringify(digests[0]));
    const store = new OfflineStore(dir, { maxBriefBytes: one * 3 + 400, maxAudioBytes: 1000 });
    const kept = await store.saveBriefs({ updatedAt: new Date(), user: null, digests });
    expect(kept).toBe(3);
    const copy = await store.read();
    expect(copy?.digests.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-23', '2026-11-22']);
    expect(Buffer.byteLength(await readFile(path.join(dir, 'briefs.json')))).toBeLessThanOrEqual(one * 3 + 400);
  });

  test('keeps the latest episode’s audio only, refuses one over the cap, and serves it by digest id', async () => {
    const store = new OfflineStore(dir, { maxBriefBytes: 1 << 20, maxAudioBytes: 64 });
    const [today, yesterday] = week();
    await store.saveBriefs({ updatedAt: new Date(), user: user(), digests: [yesterday!] });
    expect(await store.saveEpisode(episode(yesterday!, 10), streamOf(new Uint8Array(10).fill(1)))).toBe(true);
    await store.saveBriefs({ updatedAt: new Date(), user: user(), digests: [today!, yesterday!] });
    expect((await store.read())?.episode?.digestId).toBe(yesterday!.id);

    expect(await store.saveEpisode(episode(today!, 20), streamOf(new Uint8Array(20).fill(2)), 'WEBVTT\n')).toBe(true);
    expect(await store.audioFile(yesterday!.id)).toBeNull();
    expect(await readFile((await store.transcriptFile(today!.id))!, 'utf8')).toBe('WEBVTT\n');
    expect(await readFile((await store.audioFile(today!.id))!)).toEqual(Buffer.alloc(20, 2));
    expect((await store.read())?.episode?.digestId).toBe(today!.id);

    // Announced small but sent large: cut off at the cap, the previous file stays whole.
    expect(await store.saveEpisode(episode(yesterday!, 10), streamOf(new Uint8Array(100)))).toBe(false);
    expect(await store.saveEpisode(episode(yesterday!, 1000), streamOf(new Uint8Array(10)))).toBe(false);
    expect((await readdir(path.join(dir, 'audio'))).sort()).toEqual([`${today!.id}.mp3`, `${today!.id}.vtt`]);
    expect(await store.audioFile('../briefs')).toBeNull();
    expect(await store.transcriptFile('../briefs')).toBeNull();
    // A transcript far larger than any the server makes is not kept; the audio is.
    expect(await store.saveEpisode(episode(yesterday!, 10), streamOf(new Uint8Array(10)), 'x'.repeat(TRANSCRIPT_MAX_BYTES + 1))).toBe(true);
    expect(await readdir(path.join(dir, 'audio'))).toEqual([`${yesterday!.id}.mp3`]);
  });

  test('clear() leaves nothing of the subscriber', async () => {
    const store = new OfflineStore(dir);
    const [today] = week();
    await store.saveBriefs({ updatedAt: new Date(), user: user(), digests: [today!] });
    await store.saveEpisode(episode(today!, 5), streamOf(new Uint8Array(5)));
    await store.clear();
    expect(await store.read()).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });
});
