import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deliveryInstant, latestDelivery, localDate } from './delivery-time.js';

const iso = (d: Date) => d.toISOString();

describe('a subscriber’s delivery time, in their zone', () => {
  test('America/New_York on the March and November change days', () => {
    // 8 March 2026: clocks go 02:00 EST -> 03:00 EDT; 06:00 is 10:00Z that day, 11:00Z the day before.
    assert.equal(iso(latestDelivery(new Date('2026-03-08T10:00:00Z'), 'America/New_York', '06:00').at), '2026-03-08T10:00:00.000Z');
    assert.equal(iso(latestDelivery(new Date('2026-03-08T09:59:00Z'), 'America/New_York', '06:00').at), '2026-03-07T11:00:00.000Z');
    // 1 November 2026: clocks go 02:00 EDT -> 01:00 EST; 06:00 is 11:00Z that day, 10:00Z the day before.
    assert.equal(iso(latestDelivery(new Date('2026-11-01T11:30:00Z'), 'America/New_York', '06:00').at), '2026-11-01T11:00:00.000Z');
    assert.equal(iso(latestDelivery(new Date('2026-11-01T10:30:00Z'), 'America/New_York', '06:00').at), '2026-10-31T10:00:00.000Z');
    // The same rule by local date: Sat Oct 31 06:00 EDT = 10:00Z, Sun Nov 1 06:00 EST = 11:00Z.
    assert.equal(iso(deliveryInstant('2026-10-31', 'America/New_York', '06:00')), '2026-10-31T10:00:00.000Z');
    assert.equal(iso(deliveryInstant('2026-11-01', 'America/New_York', '06:00')), '2026-11-01T11:00:00.000Z');
  });

  test('UTC+14 and UTC-12: the local date, not the UTC date, names the edition', () => {
    const kiritimati = latestDelivery(new Date('2026-11-23T16:00:00Z'), 'Pacific/Kiritimati', '06:00');
    assert.equal(iso(kiritimati.at), '2026-11-23T16:00:00.000Z');
    assert.equal(kiritimati.localDate, '2026-11-24');
    assert.equal(kiritimati.weekday, 2);
    assert.equal(latestDelivery(new Date('2026-11-24T18:00:00Z'), 'Etc/GMT+12', '06:00').localDate, '2026-11-24');
    assert.equal(latestDelivery(new Date('2026-11-24T17:59:00Z'), 'Etc/GMT+12', '06:00').localDate, '2026-11-23');
    assert.equal(iso(latestDelivery(new Date('2026-11-24T00:00:00Z'), 'Asia/Kolkata', '12:00').at), '2026-11-23T06:30:00.000Z');
    // 2026-11-24T20:00Z is already Nov 25 in Tokyo.
    assert.equal(localDate(new Date('2026-11-24T20:00:00Z'), 'Asia/Tokyo'), '2026-11-25');
  });

  test('a time the clocks skip moves forward', () => {
    // 02:30 does not exist in Berlin on Mar 29 2026: it is 03:30 CEST (01:30Z).
    assert.equal(iso(deliveryInstant('2026-03-29', 'Europe/Berlin', '02:30')), '2026-03-29T01:30:00.000Z');
    assert.equal(iso(latestDelivery(new Date('2026-03-29T02:00:00Z'), 'Europe/Berlin', '02:30').at), '2026-03-29T01:30:00.000Z');
  });

  test('a zone the runtime does not know counts as UTC instead of stopping a pass', () => {
    assert.equal(iso(latestDelivery(new Date('2026-11-24T07:00:00Z'), 'Mars/Olympus_Mons', '06:00').at), '2026-11-24T06:00:00.000Z');
    assert.equal(localDate(new Date('2026-11-24T23:30:00Z'), 'Mars/Olympus_Mons'), '2026-11-24');
    assert.equal(iso(deliveryInstant('2026-11-24', 'Mars/Olympus_Mons', '08:00')), '2026-11-24T08:00:00.000Z');
  });
});
