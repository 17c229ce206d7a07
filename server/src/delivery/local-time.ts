import { DateTime } from 'luxon';
import type { DeliveryTime } from '@dcbrief/shared';
import { knownZone, latestDelivery, localDate as localDateIn, type DeliverySlot } from '@dcbrief/shared/delivery-time';

/** The weekly summary goes out on Mondays (ISO weekday 1), at the subscriber's daily delivery time. */
export const WEEKLY_WEEKDAY = 1;

/**
 * The latest instant at or before `now` when the clock in `zone` showed `time` (today's or yesterday's): the
 * shared rule (@dcbrief/shared/delivery-time, which the desktop app checks by too), remembered for the pass.
 */
export function latestSlot(now: Date, zone: string, time: DeliveryTime): DeliverySlot {
  const slot = memo(slots, `${now.getTime()}|${zone}|${time}`, () => latestDelivery(now, zone, time));
  return { ...slot, at: new Date(slot.at) };
}

/**
 * The same local time `days` earlier in `zone`: one local day before 06:00 is the previous 06:00, 23 or
 * 25 hours earlier on a DST change day, so consecutive daily windows tile exactly.
 */
export function localDaysBefore(at: Date, zone: string, days: number): Date {
  return new Date(
    memo(daysBefore, `${at.getTime()}|${zone}|${days}`, () =>
      DateTime.fromJSDate(at, { zone: knownZone(zone) })
        .minus({ days })
        .toMillis(),
    ),
  );
}

/** The subscriber's local date at an instant. */
export function localDate(now: Date, zone: string): string {
  return memo(dates, `${now.getTime()}|${zone}`, () => localDateIn(now, zone));
}

/** A date as a subscriber reads it, e.g. "Monday, November 23, 2026". */
export function longDate(isoDate: string): string {
  return memo(longDates, isoDate, () => DateTime.fromISO(isoDate, { zone: 'UTC' }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy'));
}

/** Short form for subjects, e.g. "Mon, Nov 23". */
export function shortDate(isoDate: string): string {
  return memo(shortDates, isoDate, () => DateTime.fromISO(isoDate, { zone: 'UTC' }).setLocale('en-US').toFormat('ccc, LLL d'));
}

/** Month and day for subject lines, e.g. "Nov 23". */
export function monthDay(isoDate: string): string {
  return memo(monthDays, isoDate, () => DateTime.fromISO(isoDate, { zone: 'UTC' }).setLocale('en-US').toFormat('LLL d'));
}

/*
 * A delivery pass asks the same questions for thousands of subscribers who share a few zones, delivery
 * times and dates; luxon's zone arithmetic is the cost. These are pure functions of their arguments, so
 * answers are remembered, in maps that start over past MEMO_MAX entries (memory stays bounded).
 */
const MEMO_MAX = 10_000;
const slots = new Map<string, DeliverySlot>();
const daysBefore = new Map<string, number>();
const dates = new Map<string, string>();
const longDates = new Map<string, string>();
const shortDates = new Map<string, string>();
const monthDays = new Map<string, string>();

function memo<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= MEMO_MAX) cache.clear();
    value = compute();
    cache.set(key, value);
  }
  return value;
}
