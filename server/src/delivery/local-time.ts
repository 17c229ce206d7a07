import { DateTime } from 'luxon';
import type { DeliveryTime } from '@dcbrief/shared';

/** The weekly summary goes out on Mondays (ISO weekday 1), at the subscriber's daily delivery time. */
export const WEEKLY_WEEKDAY = 1;

export interface Slot {
  /** The instant the subscriber's local clock showed their delivery time. */
  at: Date;
  /** Their local date at that instant, YYYY-MM-DD: the edition date. */
  localDate: string;
  /** ISO weekday of that local date, 1 = Monday. */
  weekday: number;
}

/**
 * The latest instant at or before `now` when the clock in `zone` showed `time` (today's or yesterday's).
 * Luxon resolves the zone's offset for that local date, so DST days and UTC+14 / UTC-12 need no special case;
 * a delivery time that falls in a DST gap (none of 06:00, 08:00, 12:00 does in today's zones) moves forward.
 */
export function latestSlot(now: Date, zone: string, time: DeliveryTime): Slot {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const local = DateTime.fromJSDate(now, { zone: safeZone(zone) });
  let slot = local.set({ hour, minute, second: 0, millisecond: 0 });
  if (slot.toMillis() > now.getTime()) slot = local.minus({ days: 1 }).set({ hour, minute, second: 0, millisecond: 0 });
  return { at: slot.toJSDate(), localDate: slot.toISODate()!, weekday: slot.weekday };
}

/**
 * The same local time `days` earlier in `zone`: one local day before 06:00 is the previous 06:00, 23 or
 * 25 hours earlier on a DST change day, so consecutive daily windows tile exactly.
 */
export function localDaysBefore(at: Date, zone: string, days: number): Date {
  return DateTime.fromJSDate(at, { zone: safeZone(zone) }).minus({ days }).toJSDate();
}

/** The subscriber's local date at an instant. */
export function localDate(now: Date, zone: string): string {
  return DateTime.fromJSDate(now, { zone: safeZone(zone) }).toISODate()!;
}

/** A date as a subscriber reads it, e.g. "Monday, November 23, 2026". */
export function longDate(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: 'UTC' }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy');
}

/** Short form for subjects, e.g. "Mon, Nov 23". */
export function shortDate(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: 'UTC' }).setLocale('en-US').toFormat('ccc, LLL d');
}

/** A stored zone that the runtime no longer knows falls back to UTC rather than stopping the pass. */
function safeZone(zone: string): string {
  return DateTime.local().setZone(zone).isValid ? zone : 'UTC';
}
