import { digestListSchema, digestPath, episodeListSchema, hasPremiumAccess, userSchema, type Digest, type User } from '@dcbrief/shared';
import { localDate } from '@dcbrief/shared/delivery-time';
import { briefNotificationText } from './notification-text.js';
import type { OfflineStore } from './offline-store.js';
import type { DesktopPorts } from './ports.js';
import { checkMissed, nextCheckAt, type DeliverySettings } from './schedule.js';
import type { SettingsStore } from './settings.js';

export interface BriefWatcherDeps {
  ports: DesktopPorts;
  settings: SettingsStore;
  store: OfflineStore;
  now?: () => Date;
  /** Opens the window on a path of the app (a notification's click). */
  open(path: string): void;
  /** Told after each check, so the tray shows "Listen" only to premium subscribers. */
  onUser?(user: User | null): void;
}

export type CheckOutcome = 'no-server' | 'offline' | 'signed-out' | 'unchanged' | 'updated';

/** How long the app waits to try again when the server could not be reached. */
export const OFFLINE_RETRY_MS = 15 * 60_000;

/**
 * Learns of new digests without polling (docs/decisions/604): it asks the server at the subscriber's delivery
 * time (and a few times after, until the day's digest is there), on start, on resume from sleep and when the
 * session changes, with If-None-Match on the latest digest, so a check with nothing new is a 304. A new
 * digest is kept on disk with the ones before it (and its audio for premium subscribers), and announced
 * once: the digest's id is saved before the notification is shown, so no restart shows it twice.
 */
export class BriefWatcher {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private plannedFor: Date | null = null;
  private running: Promise<CheckOutcome> | null = null;
  private delivery: DeliverySettings | null = null;
  private latestDate: string | null = null;

  constructor(private readonly deps: BriefWatcherDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Checks now, then on the schedule; also on resume from sleep and when the session changes. */
  async start(): Promise<CheckOutcome> {
    const copy = await this.deps.store.read();
    this.latestDate = copy?.digests[0]?.date ?? null;
    if (copy?.user) this.delivery = { deliveryTime: copy.user.preferences.deliveryTime, timezone: copy.user.timezone };
    this.deps.ports.onResume(() => void this.resumed());
    this.deps.ports.onSessionChanged(() => void this.check());
    return this.check();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.plannedFor = null;
  }

  /** Resolves when no check is running (one a timer started included). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** When the next check is planned (null: none, e.g. signed out). */
  nextCheck(): Date | null {
    return this.plannedFor;
  }

  /**
   * Back from sleep: timers do not count the time asleep, so a check planned for while the lid was closed
   * runs now (the missed delivery hour), and the next one is planned again from the wall clock.
   */
  async resumed(): Promise<CheckOutcome | null> {
    if (this.plannedFor && this.plannedFor.getTime() > this.now().getTime()) {
      this.plan(this.plannedFor);
      return null;
    }
    return this.check();
  }

  /** One check, now (the tray's "Check now"); two at once share one. */
  check(): Promise<CheckOutcome> {
    this.running ??= this.runCheck().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runCheck(): Promise<CheckOutcome> {
    const outcome = await this.checkOnce().catch(() => 'offline' as const);
    this.planAfter(outcome);
    return outcome;
  }

  private planAfter(outcome: CheckOutcome): void {
    this.stop();
    if (outcome === 'no-server' || outcome === 'signed-out') return;
    const now = this.now();
    if (outcome === 'offline') {
      const retry = new Date(now.getTime() + OFFLINE_RETRY_MS);
      const scheduled = this.delivery ? nextCheckAt(now, this.delivery, this.latestDate) : retry;
      this.plan(scheduled < retry ? scheduled : retry);
      return;
    }
    if (this.delivery) this.plan(nextCheckAt(now, this.delivery, this.latestDate));
  }

  private plan(at: Date): void {
    if (this.timer) clearTimeout(this.timer);
    this.plannedFor = at;
    this.timer = setTimeout(() => void this.check(), Math.max(0, at.getTime() - this.now().getTime()));
  }

  /** Whether a check was due while the app could not run it (used by tests and by resume). */
  missedSince(since: Date): boolean {
    return !!this.delivery && checkMissed(since, this.now(), this.delivery, this.latestDate);
  }

  private get(server: string, path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.deps.ports.fetch(new Request(`${server}${path}`, { headers, credentials: 'include' }));
  }

  private async checkOnce(): Promise<CheckOutcome> {
    const { settings, store } = this.deps;
    const server = settings.get().serverUrl;
    if (!server) return 'no-server';
    const userRes = await this.get(server, '/api/auth/user');
    if (userRes.status === 401) {
      // Signed out (here or everywhere): nothing of the subscriber stays on this computer.
      await store.clear();
      await settings.update({ latestDigestEtag: null });
      this.latestDate = null;
      this.deps.onUser?.(null);
      return 'signed-out';
    }
    if (!userRes.ok) return 'offline';
    const user = userSchema.parse(await userRes.json());
    this.delivery = { deliveryTime: user.preferences.deliveryTime, timezone: user.timezone };
    this.deps.onUser?.(user);

    const etag = settings.get().latestDigestEtag;
    const stored = await store.read();
    const latestRes = await this.get(server, '/api/digests?limit=1', etag && stored?.digests.length ? { 'if-none-match': etag } : {});
    let changed = false;
    if (latestRes.status === 304) {
      await latestRes.body?.cancel();
    } else if (latestRes.ok) {
      const [latest] = digestListSchema.parse(await latestRes.json());
      await settings.update({ latestDigestEtag: latestRes.headers.get('etag') });
      if (latest && latest.id !== stored?.digests[0]?.id) {
        changed = await this.keep(server, user, latest);
      }
    } else {
      return 'offline';
    }
    if (!changed) await store.saveBriefs({ updatedAt: this.now(), user, digests: stored?.digests ?? [] });
    await this.keepAudio(server, user);
    return changed ? 'updated' : 'unchanged';
  }

  /** Keeps the latest briefs on disk and announces the new one. */
  private async keep(server: string, user: User, latest: Digest): Promise<boolean> {
    const listRes = await this.get(server, '/api/digests?limit=7');
    const digests = listRes.ok ? digestListSchema.parse(await listRes.json()) : [latest];
    await this.deps.store.saveBriefs({ updatedAt: this.now(), user, digests });
    this.latestDate = latest.date;
    await this.announce(user, latest);
    return true;
  }

  /**
   * One notification per digest, and only for the day's own: a first launch (nothing announced yet) or an
   * old digest is recorded as seen without one. The id is saved first: a crash between the two loses a
   * notification rather than showing one twice.
   */
  private async announce(user: User, digest: Digest): Promise<void> {
    const { settings, ports } = this.deps;
    const last = settings.get().lastNotifiedDigestId;
    if (last === digest.id) return;
    await settings.update({ lastNotifiedDigestId: digest.id });
    const today = localDate(this.now(), user.timezone);
    if (last === null || digest.date !== today) return;
    const text = briefNotificationText(digest);
    ports.notify({ ...text, onClick: () => this.deps.open(digestPath(digest.id)) });
  }

  /** Premium: the latest episode's audio and transcript on disk, once it is ready on the server. */
  private async keepAudio(server: string, user: User): Promise<void> {
    const { store } = this.deps;
    if (!hasPremiumAccess(user)) return;
    const copy = await store.read();
    const latestId = copy?.digests[0]?.id;
    if (!latestId || copy?.episode?.digestId === latestId) return;
    const res = await this.get(server, '/api/audio/episodes');
    if (!res.ok) return;
    const episode = episodeListSchema.parse(await res.json()).find((e) => e.digestId === latestId && e.state === 'ready');
    if (!episode) return;
    // The transcript first (small): the audio is then written with it, and neither replaces the kept episode
    // until both are whole.
    const vtt = await this.get(server, episode.transcriptUrl);
    const transcript = vtt.ok ? await vtt.text() : null;
    const audio = await this.get(server, episode.audioUrl);
    if (audio.ok && audio.body) await store.saveEpisode(episode, audio.body, transcript);
  }
}
