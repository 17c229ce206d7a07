import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeDcBriefServer } from '../test-support/fake-server.js';
import { digest, episode, user } from '../test-support/fixtures.js';
import { BriefWatcher, OFFLINE_RETRY_MS } from './brief-watcher.js';
import { OfflineStore } from './offline-store.js';
import type { DesktopNotification, DesktopPorts } from './ports.js';
import { SettingsStore } from './settings.js';

class FakePorts implements DesktopPorts {
  readonly shown: DesktopNotification[] = [];
  private resume: Array<() => void> = [];
  private session: Array<() => void> = [];
  constructor(private readonly server: FakeDcBriefServer) {}
  fetch = (input: Request) => this.server.fetch(input);
  notify(n: DesktopNotification) {
    this.shown.push(n);
  }
  onResume(listener: () => void) {
    this.resume.push(listener);
  }
  onSessionChanged(listener: () => void) {
    this.session.push(listener);
  }
  wake() {
    this.resume.forEach((l) => l());
  }
  sessionChanged() {
    this.session.forEach((l) => l());
  }
}

describe('the brief watcher (delivery time, resume, one notification per digest)', () => {
  let dir: string;
  let server: FakeDcBriefServer;
  let ports: FakePorts;
  let opened: string[];
  const watchers: BriefWatcher[] = [];

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // Mon Nov 23 2026, 22:00 in Lisbon (UTC+0).
    vi.setSystemTime(new Date('2026-11-23T22:00:00Z'));
    dir = await mkdtemp(path.join(tmpdir(), 'dcbrief-watcher-'));
    server = new FakeDcBriefServer();
    server.user = user();
    server.digests = [digest('2026-11-23', ['Yesterday’s top story'])];
    ports = new FakePorts(server);
    opened = [];
  });
  afterEach(async () => {
    watchers.splice(0).forEach((w) => w.stop());
    vi.useRealTimers();
    await rm(dir, { recursive: true, force: true });
  });

  async function launch(): Promise<{ watcher: BriefWatcher; store: OfflineStore; settings: SettingsStore }> {
    const settings = new SettingsStore(dir);
    await settings.load();
    if (!settings.get().serverUrl) await settings.update({ serverUrl: server.origin });
    const store = new OfflineStore(path.join(dir, 'offline'));
    const watcher = new BriefWatcher({ ports, settings, store, open: (p) => opened.push(p) });
    watchers.push(watcher);
    await watcher.start();
    return { watcher, store, settings };
  }

  /** Moves the clock to `iso`, running the timers due on the way, and waits for the check they started. */
  async function runUntil(watcher: BriefWatcher, iso: string) {
    await vi.advanceTimersByTimeAsync(new Date(iso).getTime() - Date.now());
    await watcher.idle();
  }

  test('first launch: keeps the briefs, announces nothing old, and plans the next look for 2 minutes after 6:00 local', async () => {
    const { watcher, store } = await launch();
    expect(ports.shown).toEqual([]);
    expect((await store.read())?.digests[0]?.stories[0]?.title).toBe('Yesterday’s top story');
    expect(watcher.nextCheck()).toEqual(new Date('2026-11-24T06:02:00Z'));
  });

  test('the day’s digest: one notification with its top story, a click opens it; later checks cost a 304', async () => {
    const { watcher, store } = await launch();
    const today = digest('2026-11-24', ['Equinix opens 20 MW Frankfurt campus', 'Second story']);
    server.digests = [today, ...server.digests];
    await runUntil(watcher, '2026-11-24T06:02:00Z');

    expect(ports.shown.map((n) => n.body)).toEqual(['Your brief for Tue, Nov 24: Equinix opens 20 MW Frankfurt campus']);
    ports.shown[0]!.onClick();
    expect(opened).toEqual([`/digests/${today.id}`]);
    expect((await store.read())?.digests.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-23']);

    await watcher.check();
    await watcher.check();
    expect(ports.shown).toHaveLength(1);
    expect(server.requests('/api/digests?limit=1').map((r) => r.status)).toEqual([200, 200, 304, 304]);
    // Today's is in: nothing more until tomorrow's delivery time.
    expect(watcher.nextCheck()).toEqual(new Date('2026-11-25T06:02:00Z'));
  });

  test('never twice for one digest, across a restart', async () => {
    const first = await launch();
    server.digests = [digest('2026-11-24', ['Only once']), ...server.digests];
    await runUntil(first.watcher, '2026-11-24T06:02:00Z');
    first.watcher.stop();
    const again = await launch();
    await again.watcher.check();
    ports.sessionChanged();
    await again.watcher.idle();
    expect(ports.shown.map((n) => n.body)).toEqual(['Your brief for Tue, Nov 24: Only once']);
  });

  test('not there at 6:02: looks again at 6:10 and finds it', async () => {
    const { watcher } = await launch();
    await runUntil(watcher, '2026-11-24T06:02:00Z');
    expect(ports.shown).toEqual([]);
    expect(watcher.nextCheck()).toEqual(new Date('2026-11-24T06:10:00Z'));
    server.digests = [digest('2026-11-24', ['Late but here']), ...server.digests];
    await runUntil(watcher, '2026-11-24T06:10:00Z');
    expect(ports.shown.map((n) => n.body)).toEqual(['Your brief for Tue, Nov 24: Late but here']);
  });

  test('asleep at the delivery hour: on waking it checks at once (the missed hour) and plans from the wall clock', async () => {
    const { watcher } = await launch();
    server.digests = [digest('2026-11-24', ['Waiting since 6']), ...server.digests];
    // The lid was closed all night: the clock moves, the timer does not fire.
    vi.setSystemTime(new Date('2026-11-24T09:30:00Z'));
    expect(ports.shown).toEqual([]);
    ports.wake();
    await watcher.idle();
    expect(ports.shown.map((n) => n.body)).toEqual(['Your brief for Tue, Nov 24: Waiting since 6']);
    expect(watcher.nextCheck()).toEqual(new Date('2026-11-25T06:02:00Z'));
  });

  test('waking before the planned check changes nothing and asks nothing', async () => {
    const { watcher } = await launch();
    const asked = server.log.length;
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
    ports.wake();
    await watcher.idle();
    expect(server.log.length).toBe(asked);
    expect(watcher.nextCheck()).toEqual(new Date('2026-11-24T06:02:00Z'));
  });

  test('the subscriber’s own zone and time: 08:00 in Tokyo is 23:02 UTC the day before', async () => {
    server.user = user({ timezone: 'Asia/Tokyo', preferences: { ...user().preferences, deliveryTime: '08:00' } });
    const { watcher } = await launch();
    expect(watcher.nextCheck()).toEqual(new Date('2026-11-23T23:02:00Z'));
  });

  test('premium: the latest episode’s audio and transcript are kept on disk once ready', async () => {
    server.user = user({ subscriptionTier: 'premium' });
    const today = digest('2026-11-24');
    server.digests = [today];
    const { watcher, store } = await launch();
    expect((await store.read())?.episode).toBeNull();
    server.episodes = [episode(today, 4)];
    server.audio.set(today.id, new Uint8Array([1, 2, 3, 4]));
    server.transcripts.set(today.id, 'WEBVTT\n\n00:00.000 --> 00:04.000\nGood morning.\n');
    await watcher.check();
    expect((await store.read())?.episode?.digestId).toBe(today.id);
    expect(await store.audioFile(today.id)).not.toBeNull();
    expect(await readFile((await store.transcriptFile(today.id))!, 'utf8')).toMatch(/^WEBVTT\n[\s\S]*Good morning\./);
  });

  test('no network: retries within 15 minutes, keeps the copy; signed out: the copy is gone and nothing is planned', async () => {
    const { watcher, store } = await launch();
    server.reachable = false;
    expect(await watcher.check()).toBe('offline');
    expect(watcher.nextCheck()!.getTime() - Date.now()).toBeLessThanOrEqual(OFFLINE_RETRY_MS);
    expect((await store.read())?.digests).toHaveLength(1);
    server.reachable = true;
    server.user = null;
    expect(await watcher.check()).toBe('signed-out');
    expect(await store.read()).toBeNull();
    expect(watcher.nextCheck()).toBeNull();
  });
});
