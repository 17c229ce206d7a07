import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventUid, isKept, parseEventDate } from './calendar-events.js';
import { eventSummary } from './calendar.ics.js';

test('event dates: a day or a month; a year alone, impossible days and other shapes are not calendar dates', () => {
  assert.deepEqual(parseEventDate('2027-03-12'), { year: 2027, month: 3, day: 12 });
  assert.deepEqual(parseEventDate('2027-03'), { year: 2027, month: 3, day: null });
  assert.deepEqual(parseEventDate('2028-02-29'), { year: 2028, month: 2, day: 29 });
  for (const value of ['2027', '2027-02-29', '2027-13', '2027-00-10', '2027-3-1', 'March 2027', ''])
    assert.equal(parseEventDate(value), null, value);
});

test('kept while still to come and for 30 days after the day, or after the last day of a month given alone', () => {
  const now = new Date('2026-11-28T23:30:00Z');
  assert.equal(isKept(parseEventDate('2026-10-29')!, now), true, '30 days ago');
  assert.equal(isKept(parseEventDate('2026-10-28')!, now), false, '31 days ago');
  assert.equal(isKept(parseEventDate('2026-10')!, now), true, 'October ended 28 days ago');
  assert.equal(isKept(parseEventDate('2026-09')!, now), false, 'September ended 58 days ago');
  assert.equal(isKept(parseEventDate('2027-01-01')!, now), true);
});

test('the UID names the entity, what and date only: the same event from any story or subscriber is one UID', () => {
  const uid = eventUid('campus-alpha', 'vote', '2027-03-12', 'dcbrief.example');
  assert.match(uid, /^event-[0-9a-f]{32}@dcbrief\.example$/);
  assert.equal(eventUid('campus-alpha', 'vote', '2027-03-12', 'dcbrief.example'), uid);
  assert.notEqual(eventUid('campus-alpha', 'vote', '2027-03-13', 'dcbrief.example'), uid);
  assert.notEqual(eventUid('campus-alpha', 'hearing', '2027-03-12', 'dcbrief.example'), uid);
});

test('summaries: what, then the entity; "(month only)" when the day is not stated', () => {
  const entity = { id: 'campus-alpha', name: 'Campus Alpha' };
  assert.equal(eventSummary({ what: 'vote', entity, date: { year: 2027, month: 3, day: 12 } }), 'Vote: Campus Alpha');
  assert.equal(eventSummary({ what: 'hearing', entity, date: { year: 2027, month: 2, day: null } }), 'Hearing: Campus Alpha (month only)');
});
