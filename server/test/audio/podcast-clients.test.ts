import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { audioFeedSchema, episodeListSchema, episodeSchema, type Episode } from '@dcbrief/shared';
import {
  readWithFeedparser,
  skipWithoutFeedparser,
  skipWithoutGpodder,
  subscribeAndDownloadWithGpodder,
} from '../support/podcast-clients.js';
import { startListeningServer, type ListeningServer } from './fixtures.js';

/** The private feed as real podcast clients read it: Debian's feedparser and gPodder, run as separate programs. */
describe('the private podcast feed in real podcast clients', () => {
  let listening: ListeningServer;
  let feedUrl: string;
  let episode: Episode;
  let episodeBytes: Buffer;

  before(async () => {
    listening = await startListeningServer('clients.example');
    const { owner } = listening;
    feedUrl = audioFeedSchema.parse(await (await owner.post('/api/audio/feed/rotate', {})).json()).url!;
    const [item] = episodeListSchema.parse(await (await owner.get('/api/audio/episodes')).json());
    episode = episodeSchema.parse(await (await owner.get(`/api/audio/episodes/${item!.digestId}`)).json());
    episodeBytes = Buffer.from(await (await owner.get(episode.audioUrl)).arrayBuffer());
    assert.equal(episodeBytes.length, episode.bytes);
  });
  after(async () => {
    await listening?.close();
  });

  test('feedparser reads the feed whole and sees the enclosure with its length and type', { skip: skipWithoutFeedparser() }, async () => {
    const feed = await readWithFeedparser(feedUrl);
    assert.equal(feed.status, 200);
    assert.equal(feed.bozo, false, `feedparser found the feed malformed: ${feed.bozoException}`);
    assert.equal(feed.version, 'rss20');
    assert.equal(feed.title, 'DC Brief audio digest');
    assert.equal(feed.entries.length, 1);
    const [entry] = feed.entries;
    assert.equal(entry!.id, episode.digestId);
    assert.equal(entry!.duration, String(Math.round(episode.durationSec)));
    assert.equal(entry!.enclosures.length, 1);
    const [enclosure] = entry!.enclosures;
    assert.equal(enclosure!.length, String(episode.bytes));
    assert.equal(enclosure!.type, 'audio/mpeg');
    assert.ok(enclosure!.href.startsWith(feedUrl.replace(/feed\.xml$/, '')), 'the enclosure lives under the feed token');
  });

  test(
    'gPodder subscribes, updates and downloads the episode: the file is the episode, byte for byte',
    { skip: skipWithoutGpodder() },
    async () => {
      const home = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-gpodder-'));
      try {
        const { transcript, downloads } = await subscribeAndDownloadWithGpodder(feedUrl, home);
        assert.match(transcript, /\b1 episodes downloaded\./, transcript);
        const audio = downloads.filter((d) => d.file.endsWith('.mp3'));
        assert.equal(audio.length, 1, `one MP3 in gPodder's downloads: ${JSON.stringify(downloads)}\n${transcript}`);
        assert.equal(audio[0]!.bytes, episode.bytes, "the downloaded file's size is the episode's");
        const downloaded = readFileSync(path.join(home, 'downloads', audio[0]!.file));
        assert.ok(downloaded.equals(episodeBytes), 'the downloaded file is the episode byte for byte');
        assert.deepEqual(
          downloads.filter((d) => d.file.endsWith('.partial')),
          [],
          'no partial download left behind',
        );
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );
});
