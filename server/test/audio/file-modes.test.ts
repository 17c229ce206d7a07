import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { episodeListSchema, episodeSchema } from '@dcbrief/shared';
import { FileAudioStore } from '../../src/audio/storage.js';
import { FliteSynthesizer } from '../../src/audio/tts/flite.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import type { TestClient } from '../support/client.js';
import { setSubscription } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { signIn } from '../support/users.js';
import { deliveryDeps } from '../delivery/fixtures.js';
import { prepareEpisodes } from './fixtures.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const octal = (mode: number) => `0${mode.toString(8)}`;

/** Every folder and file under `dir`, with its permission bits in octal. */
function modesUnder(dir: string): { folders: Map<string, string>; files: Map<string, string> } {
  const folders = new Map<string, string>([['.', octal(modeOf(dir))]]);
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(dir, entry);
    (statSync(full).isDirectory() ? folders : files).set(entry, octal(modeOf(full)));
  }
  return { folders, files };
}

describe('audio files are owner-only whatever the mode of DATA_DIR and the umask', () => {
  let dataDir: string;
  let ts: TestServer;
  let owner: TestClient;
  let umask: number;
  const flite = new FliteSynthesizer({ workers: 2 });

  before(async () => {
    // An operator's mount, open to everyone, and a process that takes no bits away: what the store makes must
    // close itself.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-open-data-'));
    chmodSync(dataDir, 0o777);
    umask = process.umask(0);
    ts = await startTestServer({ now: '2026-11-24T06:05:00Z', env: { DATA_DIR: dataDir } });
    owner = await signIn(ts, 'owner@modes.example');
    await setSubscription(ts.orm, 'owner@modes.example', 'premium', 'active');
    await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
    const summary = await prepareEpisodes(ts, flite);
    assert.equal(summary.ready, 1);
  });
  after(async () => {
    process.umask(umask);
    await flite.close();
    await ts?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a prepared episode's folders are 0700 and its files 0600 in a DATA_DIR made 0777 beforehand, with umask 0", async () => {
    assert.equal(ts.config.audio.dir, path.join(dataDir, 'audio'));
    const { folders, files } = modesUnder(ts.config.audio.dir);
    const written = [...files.keys()];
    assert.ok(
      written.some((f) => /^episodes\/[0-9a-f-]{36}\.mp3$/.test(f)),
      `the episode is in the store: ${written.join(', ')}`,
    );
    assert.ok(
      written.some((f) => /^segments\/[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/.test(f)),
      'its sentences are in the store',
    );
    assert.deepEqual(
      [...folders].filter(([, mode]) => mode !== '0700'),
      [],
      'folders other than 0700',
    );
    assert.deepEqual(
      [...files].filter(([, mode]) => mode !== '0600'),
      [],
      'files other than 0600',
    );
    assert.equal(octal(modeOf(dataDir)), '0777', "the operator's own folder is left as it is");

    const [item] = episodeListSchema.parse(await (await owner.get('/api/audio/episodes')).json());
    const episode = episodeSchema.parse(await (await owner.get(`/api/audio/episodes/${item!.digestId}`)).json());
    const audio = await owner.get(episode.audioUrl);
    assert.equal(audio.status, 200);
    assert.equal(Buffer.from(await audio.arrayBuffer()).length, episode.bytes, 'the server still reads what it wrote');
  });

  test('an audio folder an earlier version left readable (0755, files 0644) is closed to others at the next write', async () => {
    const root = path.join(dataDir, 'audio-of-an-earlier-version');
    mkdirSync(path.join(root, 'episodes'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(root, 'episodes', 'old.mp3'), 'ID3', { mode: 0o644 });
    const store = new FileAudioStore(root);
    await store.put('segments/ab/new.mp3', Buffer.from('frames'));
    assert.equal(octal(modeOf(root)), '0700', 'others can no longer reach the files of before through it');
    assert.equal(octal(modeOf(path.join(root, 'segments'))), '0700');
    assert.equal(octal(modeOf(path.join(root, 'segments', 'ab', 'new.mp3'))), '0600');
    assert.equal((await store.get('episodes/old.mp3'))?.toString(), 'ID3');
  });
});
