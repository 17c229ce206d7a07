import { deliveryInstant, localDate } from '@dcbrief/shared/delivery-time';

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

/** The calendar day after `date` (YYYY-MM-DD). */
function nextDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The next time to ask the server for a new digest, after `now`, from the delivery time as the server's
 * delivery pass reads it (@dcbrief/shared/delivery-time).
 * `latestDate` is the local date of the newest digest the app has (null: none yet). While today's digest has
 * not arrived, the next of today's checks (delivery time + CHECK_DELAYS_MINUTES); once it has, or once
 * today's checks are over, the first check of the next day. A missed check (the computer slept through it,
 * the app was closed) is not planned here: the caller checks at once on start and on resume.
 */
export function nextCheckAt(now: Date, settings: DeliverySettings, latestDate: string | null): Date {
  const { timezone, deliveryTime } = settings;
  const today = localDate(now, timezone);
  if (latestDate === null || latestDate < today) {
    const delivery = deliveryInstant(today, timezone, deliveryTime).getTime();
    const next = CHECK_DELAYS_MINUTES.map((m) => delivery + m * 60_000).find((t) => t > now.getTime());
    if (next !== undefined) return new Date(next);
  }
  return new Date(deliveryInstant(nextDate(today), timezone, deliveryTime).getTime() + CHECK_DELAYS_MINUTES[0] * 60_000);
}

/** Whether a planned check was missed between `since` and `now` (the computer slept or the timer was late). */
export function checkMissed(since: Date, now: Date, settings: DeliverySettings, latestDate: string | null): boolean {
  return nextCheckAt(since, settings, latestDate).getTime() <= now.getTime();
}
