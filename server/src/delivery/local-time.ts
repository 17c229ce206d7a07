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
  const slot = memo(slots, `${now.getTime()}|${zone}|${time}`, () => computeLatestSlot(now, zone, time));
  return { ...slot, at: new Date(slot.at) };
}

function computeLatestSlot(now: Date, zone: string, time: DeliveryTime): Slot {
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
  return new Date(
    memo(daysBefore, `${at.getTime()}|${zone}|${days}`, () =>
      DateTime.fromJSDate(at, { zone: safeZone(zone) })
        .minus({ days })
        .toMillis(),
    ),
  );
}

/** The subscriber's local date at an instant. */
export function localDate(now: Date, zone: string): string {
  return memo(dates, `${now.getTime()}|${zone}`, () => DateTime.fromJSDate(now, { zone: safeZone(zone) }).toISODate()!);
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

/** A stored zone that the runtime no longer knows falls back to UTC rather than stopping the pass. */
function safeZone(zone: string): string {
  return memo(zones, zone, () => (DateTime.local().setZone(zone).isValid ? zone : 'UTC'));
}

/*
 * A delivery pass asks the same questions for thousands of subscribers who share a few zones, delivery
 * times and dates; luxon's zone arithmetic is the cost. These are pure functions of their arguments, so
 * answers are remembered, in maps that start over past MEMO_MAX entries (memory stays bounded).
 */
const MEMO_MAX = 10_000;
const slots = new Map<string, Slot>();
const daysBefore = new Map<string, number>();
const dates = new Map<string, string>();
const longDates = new Map<string, string>();
const shortDates = new Map<string, string>();
const monthDays = new Map<string, string>();
const zones = new Map<string, string>();

function memo<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= MEMO_MAX) cache.clear();
    value = compute();
    cache.set(key, value);
  }
  return value;
}
