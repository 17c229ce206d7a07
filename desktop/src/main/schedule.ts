import { DateTime } from 'luxon';

export interface DeliverySettings {
  /** "06:00": the subscriber's delivery time (their preferences). */
  deliveryTime: string;
  /** IANA time zone of the subscriber (GET /api/auth/user's `timezone`). */
  timezone: string;
}

/**
 * When to ask after the delivery time: the server's delivery pass runs every minute and sends within
 * minutes, so the first look is 2 minutes after; a digest still not there (a slow pass, a retry) is looked
 * for again later that morning, then not before the next day.
 */
export const CHECK_DELAYS_MINUTES = [2, 10, 30, 60, 120] as const;

/** The delivery instant of the local date `date` (YYYY-MM-DD) in the subscriber's zone; a time a DST gap skips moves forward. */
export function deliveryInstant(date: string, settings: DeliverySettings): Date {
  const [hour, minute] = settings.deliveryTime.split(':').map(Number);
  return DateTime.fromISO(date, { zone: settings.timezone })
    .set({ hour: hour ?? 6, minute: minute ?? 0, second: 0, millisecond: 0 })
    .toJSDate();
}

/** The subscriber's local date (YYYY-MM-DD) at `at`: the date of the edition they would receive then. */
export function localDate(at: Date, timezone: string): string {
  return DateTime.fromJSDate(at, { zone: timezone }).toISODate() ?? '';
}

/**
 * The next time to ask the server for a new digest, after `now`.
 * `latestDate` is the local date of the newest digest the app has (null: none yet). While today's digest has
 * not arrived, the next of today's checks (delivery time + CHECK_DELAYS_MINUTES); once it has, or once
 * today's checks are over, the first check of the next day. A missed check (the computer slept through it,
 * the app was closed) is not planned here: the caller checks at once on start and on resume.
 */
export function nextCheckAt(now: Date, settings: DeliverySettings, latestDate: string | null): Date {
  const today = localDate(now, settings.timezone);
  if (latestDate === null || latestDate < today) {
    const delivery = deliveryInstant(today, settings).getTime();
    const next = CHECK_DELAYS_MINUTES.map((m) => delivery + m * 60_000).find((t) => t > now.getTime());
    if (next !== undefined) return new Date(next);
  }
  const tomorrow = DateTime.fromISO(today, { zone: settings.timezone }).plus({ days: 1 }).toISODate() ?? today;
  return new Date(deliveryInstant(tomorrow, settings).getTime() + CHECK_DELAYS_MINUTES[0] * 60_000);
}

/** Whether a planned check was missed between `since` and `now` (the computer slept or the timer was late). */
export function checkMissed(since: Date, now: Date, settings: DeliverySettings, latestDate: string | null): boolean {
  return nextCheckAt(since, settings, latestDate).getTime() <= now.getTime();
}
