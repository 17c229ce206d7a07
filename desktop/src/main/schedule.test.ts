import { describe, expect, test } from 'vitest';
import { CHECK_DELAYS_MINUTES, checkMissed, nextCheckAt } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('when the app asks for the day’s digest', () => {
  const lisbon = { deliveryTime: '06:00', timezone: 'Europe/Lisbon' };

  test('2 minutes after the delivery time in the subscriber’s zone, not the computer’s', () => {
    // 05:00 in Lisbon (UTC+0 in winter): today's 06:02.
    expect(nextCheckAt(at('2026-11-24T05:00:00Z'), lisbon, '2026-11-23')).toEqual(at('2026-11-24T06:02:00Z'));
    const tokyo = { deliveryTime: '08:00', timezone: 'Asia/Tokyo' };
    // 2026-11-24T20:00Z is already Nov 25, 05:00 in Tokyo: that day's 08:02 JST = 23:02Z.
    expect(nextCheckAt(at('2026-11-24T20:00:00Z'), tokyo, '2026-11-24')).toEqual(at('2026-11-24T23:02:00Z'));
  });

  test('looks again later in the morning while the day’s digest has not come, then waits for the next day', () => {
    const delivery = at('2026-11-24T06:00:00Z').getTime();
    let now = at('2026-11-24T06:02:00Z');
    const seen: number[] = [];
    for (;;) {
      const next = nextCheckAt(now, lisbon, '2026-11-23');
      if (next.getTime() > delivery + 24 * 3600_000) break;
      seen.push((next.getTime() - delivery) / 60_000);
      now = next;
    }
    expect(seen).toEqual(CHECK_DELAYS_MINUTES.slice(1));
    expect(nextCheckAt(now, lisbon, '2026-11-23')).toEqual(at('2026-11-25T06:02:00Z'));
  });

  test('once the day’s digest is there, the next look is tomorrow’s', () => {
    expect(nextCheckAt(at('2026-11-24T06:03:00Z'), lisbon, '2026-11-24')).toEqual(at('2026-11-25T06:02:00Z'));
  });

  test('across the autumn DST change the local hour holds: 25 hours between two checks', () => {
    const ny = { deliveryTime: '06:00', timezone: 'America/New_York' };
    // Sat Oct 31 2026 06:00 EDT = 10:00Z; Sun Nov 1 06:00 EST = 11:00Z.
    expect(nextCheckAt(at('2026-10-31T10:03:00Z'), ny, '2026-10-31')).toEqual(at('2026-11-01T11:02:00Z'));
  });

  test('across the spring DST change: 23 hours', () => {
    const berlin = { deliveryTime: '06:00', timezone: 'Europe/Berlin' };
    // Sat Mar 28 2026 06:00 CET = 05:00Z; Sun Mar 29 06:00 CEST = 04:00Z.
    expect(nextCheckAt(at('2026-03-28T05:03:00Z'), berlin, '2026-03-28')).toEqual(at('2026-03-29T04:02:00Z'));
  });

  test('a check the computer slept through counts as missed on waking; one still ahead does not', () => {
    const lidClosed = at('2026-11-24T01:00:00Z');
    expect(checkMissed(lidClosed, at('2026-11-24T09:30:00Z'), lisbon, '2026-11-23')).toBe(true);
    expect(checkMissed(lidClosed, at('2026-11-24T05:59:00Z'), lisbon, '2026-11-23')).toBe(false);
    // Today's brief already kept: sleeping through today's checks misses nothing.
    expect(checkMissed(at('2026-11-24T06:05:00Z'), at('2026-11-24T09:30:00Z'), lisbon, '2026-11-24')).toBe(false);
  });
});
