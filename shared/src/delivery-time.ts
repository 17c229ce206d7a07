import { DateTime } from 'luxon';

/**
 * When a subscriber's digest is due, in their own zone: the server's delivery pass plans by it and the desktop
 * app looks for the day's digest by it. Luxon resolves each zone's offset for the local date, so DST days and
 * UTC+14 / UTC-12 need no special case; a delivery time that falls in a DST gap (none of 06:00, 08:00, 12:00
 * does in today's zones) moves forward. Not in the package's index: luxon stays out of the web app's bundle.
 */

export interface DeliverySlot {
  /** The instant the subscriber's local clock showed their delivery time. */
  at: Date;
  /** Their local date at that instant, YYYY-MM-DD: the edition date. */
  localDate: string;
  /** ISO weekday of that local date, 1 = Monday. */
  weekday: number;
}

const zoneValidity = new Map<string, boolean>();

/** A zone the runtime does not know (a stored name a newer tz database dropped) counts as UTC, rather than stopping a pass. */
export function knownZone(zone: string): string {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    valid = DateTime.local().setZone(zone).isValid;
    if (zoneValidity.size < 1000) zoneValidity.set(zone, valid);
  }
  return valid ? zone : 'UTC';
}

/** `day` at the delivery time "HH:MM" in its zone. */
function atDeliveryTime(day: DateTime, time: string): DateTime {
  const [hour = 6, minute = 0] = time.split(':').map(Number);
  return day.set({ hour, minute, second: 0, millisecond: 0 });
}

/** The subscriber's local date (YYYY-MM-DD) at an instant: the date of the edition they would receive then. */
export function localDate(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone: knownZone(zone) }).toISODate() ?? '';
}

/** The delivery instant of the local date `date` (YYYY-MM-DD) in `zone`, at `time` ("06:00"). */
export function deliveryInstant(date: string, zone: string, time: string): Date {
  return atDeliveryTime(DateTime.fromISO(date, { zone: knownZone(zone) }), time).toJSDate();
}

/** The latest delivery at or before `now` in `zone` (today's or yesterday's). */
export function latestDelivery(now: Date, zone: string, time: string): DeliverySlot {
  const local = DateTime.fromJSDate(now, { zone: knownZone(zone) });
  let slot = atDeliveryTime(local, time);
  if (slot.toMillis() > now.getTime()) slot = atDeliveryTime(local.minus({ days: 1 }), time);
  return { at: slot.toJSDate(), localDate: slot.toISODate() ?? '', weekday: slot.weekday };
}
