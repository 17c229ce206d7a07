// Ratings made without a network are kept on the device and sent when it is back (docs/decisions/611).
import { ApiError } from './api-error';
import { apiRequest } from './api-client';
import { isOfflineError } from './desktop';

/** One write kept on this device: the latest value for its `key` (e.g. one digest's rating) wins. */
export interface PendingWrite {
  key: string;
  userId: string;
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  /** When it was made (ISO): shown nowhere, kept to send in the order they were made. */
  at: string;
}

export type WriteOutcome<T> = { queued: false; answer: T } | { queued: true };

const STORAGE_KEY = 'dcbrief.pendingWrites';
/** A bound, so a device offline for months cannot grow it without end: the oldest go first. */
export const PENDING_WRITES_MAX = 200;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser's settings
  }
}

function isPendingWrite(value: unknown): value is PendingWrite {
  if (!value || typeof value !== 'object') return false;
  const w = value as Record<string, unknown>;
  return (
    typeof w.key === 'string' &&
    typeof w.userId === 'string' &&
    (w.method === 'POST' || w.method === 'PUT') &&
    typeof w.path === 'string' &&
    w.path.startsWith('/api/') &&
    typeof w.at === 'string'
  );
}

/** What is kept, in the order it was made; anything unreadable counts as nothing. */
export function pendingWrites(): PendingWrite[] {
  try {
    const parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isPendingWrite) : [];
  } catch {
    return [];
  }
}

function store(list: PendingWrite[]): void {
  const s = storage();
  if (!s) return;
  if (!list.length) s.removeItem(STORAGE_KEY);
  else s.setItem(STORAGE_KEY, JSON.stringify(list.slice(-PENDING_WRITES_MAX)));
}

const sameTarget = (a: Pick<PendingWrite, 'key' | 'userId'>) => (b: PendingWrite) => a.key === b.key && a.userId === b.userId;

function keep(write: Omit<PendingWrite, 'at'>): boolean {
  if (!storage()) return false;
  store([...pendingWrites().filter((w) => !sameTarget(write)(w)), { ...write, at: new Date().toISOString() }]);
  return true;
}

function drop(write: Pick<PendingWrite, 'key' | 'userId'>): void {
  const list = pendingWrites();
  const rest = list.filter((w) => !sameTarget(write)(w));
  if (rest.length !== list.length) store(rest);
}

/** No answer from the server (the browser offline, or the desktop app's proxy saying it cannot reach it). */
const isNetworkFailure = isOfflineError;

/**
 * Sends a write now; when no answer comes (no network), keeps it on this device and says so, to be sent by
 * `sendPendingWrites`. A refusal from the server is an error as before, never kept. A write that reaches the
 * server replaces anything kept for the same target, so an older kept value never overwrites it later.
 */
export async function sendOrKeep<T>(write: Omit<PendingWrite, 'at'>): Promise<WriteOutcome<T>> {
  try {
    const answer = await apiRequest<T>(write.method, write.path, write.body);
    drop(write);
    return { queued: false, answer };
  } catch (error) {
    if (isNetworkFailure(error) && keep(write)) return { queued: true };
    throw error;
  }
}

let running: Promise<SendSummary> | null = null;
/** A run asked for while one was going: it starts when that one ends (the network may have come back meanwhile). */
let followUp: Promise<SendSummary> | null = null;

export interface SendSummary {
  sent: number;
  /** Refused by the server (e.g. the digest no longer exists): nothing more to do with them. */
  refused: number;
  left: number;
}

/**
 * Sends what this user kept, oldest first, one at a time (one run at a time). Stops at the first write that
 * gets no answer (still offline) or a 401 (signed out: sent after the next sign-in); a refusal drops the write.
 * Another user's writes are forgotten: this device now belongs to someone else.
 */
export function sendPendingWrites(userId: string): Promise<SendSummary> {
  // Asked again during a run (the browser says the network is back while a try made offline is still failing):
  // that run may stop at a write it could not send, so one more runs after it rather than the answer being its.
  if (running)
    return (followUp ??= running
      .catch(() => undefined)
      .then(() => {
        followUp = null;
        return sendPendingWrites(userId);
      }));
  running = (async () => {
    const summary: SendSummary = { sent: 0, refused: 0, left: 0 };
    if (pendingWrites().some((w) => w.userId !== userId)) store(pendingWrites().filter((w) => w.userId === userId));
    for (const write of pendingWrites()) {
      try {
        await apiRequest(write.method, write.path, write.body);
        summary.sent++;
      } catch (error) {
        if (isNetworkFailure(error) || (error instanceof ApiError && (error.status === 401 || error.status >= 500))) break;
        summary.refused++;
      }
      // Removed by its own time stamp: a newer value for the same target made meanwhile stays.
      store(pendingWrites().filter((w) => !(sameTarget(write)(w) && w.at === write.at)));
    }
    summary.left = pendingWrites().length;
    return summary;
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Forgets everything kept (signing out: nothing personal stays on the device). */
export function forgetPendingWrites(): void {
  storage()?.removeItem(STORAGE_KEY);
}

/**
 * Before signing out: one last try to send what is kept (the session still works), then forget it all, sent or
 * not, so nothing personal stays on the device.
 */
export async function sendThenForgetPendingWrites(): Promise<void> {
  const [first] = pendingWrites();
  try {
    if (first) await sendPendingWrites(first.userId);
  } finally {
    forgetPendingWrites();
  }
}
