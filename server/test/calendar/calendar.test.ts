import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { calendarFeedSchema } from '@dcbrief/shared';
import { calendarEvents } from '../../src/modules/calendar/calendar-events.js';
import { renderCalendar } from '../../src/modules/calendar/calendar.ics.js';
import { readWithIcalendar, readWithIcalJs, skipWithoutIcalendar, type ParsedCalendar } from '../support/calendar-clients.js';
import { TestClient } from '../support/client.js';
import { captureLogs } from '../support/log-capture.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { setSubscription } from '../support/fixtures.js';
import { signIn } from '../support/users.js';
import { COUNTY, NOW, OTHER, rereadStoryFacts, seedCalendarNews, SITE } from './fixtures.js';

const byStart = (c: ParsedCalendar) => [...c.events].sort((a, b) => a.start.localeCompare(b.start));

/** The calendar of followed events as calendar apps read it (issue 26 item 4, decision 022). */
describe('calendar of followed events', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer({ now: NOW });
    await seedCalendarNews(ts.orm.em.fork());
  });
  after(async () => {
    await ts?.close();
  });

  const render = async () =>
    renderCalendar({
      publicUrl: ts.config.publicUrl,
      active: true,
      events: await calendarEvents(ts.orm.em.fork(), [SITE, COUNTY], ts.clock.now(), 'dcbrief.test'),
    });

  test(
    'Python icalendar reads one all-day VEVENT per dated event: days, months on the 1st, no year-only, 30 days back',
    { skip: skipWithoutIcalendar() },
    async () => {
      const calendar = await readWithIcalendar(await render());
      assert.equal(calendar.version, '2.0');
      assert.equal(calendar.name, 'DC Brief: followed events');
      const events = byStart(calendar);
      assert.deepEqual(
        events.map((e) => [e.start, e.end, e.allDay, e.summary]),
        [
          // Ten days past: kept. Forty days past (19 October), the year-only opening (2028) and the start of works
          // (kind other, 1 April 2027): left out.
          ['2026-11-18', '2026-11-19', true, 'Deadline: Campus Alpha'],
          ['2027-01-15', '2027-01-16', true, 'Deadline: Beta County'],
          ['2027-02-01', '2027-02-02', true, 'Hearing: Campus Alpha (month only)'],
          ['2027-03-12', '2027-03-13', true, 'Vote: Campus Alpha'],
        ],
      );
      const vote = events[3]!;
      // Two stories state the vote: one event, with both sentences and every outlet with its article.
      assert.match(vote.description, /"The county board will vote on Campus Alpha on 12 March 2027\."/);
      assert.match(vote.description, /"Supervisors vote on the Campus Alpha rezoning on March 12, 2027\."/);
      assert.match(vote.description, /by Grid Courier, Data Center Tribune/);
      assert.match(vote.description, /Grid Courier: https:\/\/courier\.example\/news\/1/);
      assert.equal(vote.url, `${ts.config.publicUrl}/entities/${SITE}`);
      assert.equal(vote.stamp.slice(0, 10), '2026-11-25', 'DTSTAMP: when the latest statement was published');
      assert.match(events[2]!.description, /month, not the day/);
      assert.equal(new Set(events.map((e) => e.uid)).size, 4, 'every event has its own UID');
    },
  );

  test("Mozilla's ical.js reads the same events, and the UIDs survive a regeneration and a story read again", async () => {
    const first = readWithIcalJs(await render());
    assert.deepEqual(
      byStart(first).map((e) => [e.start, e.allDay]),
      [
        ['2026-11-18', true],
        ['2027-01-15', true],
        ['2027-02-01', true],
        ['2027-03-12', true],
      ],
    );
    const again = readWithIcalJs(await render());
    assert.deepEqual(again.events, first.events, 'the same news gives the same calendar');
    await rereadStoryFacts(ts.orm.em.fork());
    const reread = readWithIcalJs(await render());
    assert.deepEqual(
      byStart(reread).map((e) => e.uid),
      byStart(first).map((e) => e.uid),
      'new fact rows, same events: calendar apps update, not duplicate',
    );
  });

  test(
    'sentences in any script come back whole from both parsers (lines folded at 75 octets, never inside a character)',
    { skip: skipWithoutIcalendar() },
    async () => {
      const sentence =
        '北海道石狩市のデータセンターは2027年3月12日に稼働を開始する予定で、Ελληνικά κείμενα, кириллица; commas, semicolons\\ and "quotes" 🚀.';
      const ics = renderCalendar({
        publicUrl: 'https://dcbrief.example',
        active: true,
        events: [
          {
            uid: 'event-0123@dcbrief.example',
            entity: { id: 'ishikari', name: '石狩, Ishikari; "DC"' },
            what: 'opening',
            date: { year: 2027, month: 3, day: 12 },
            revisedAt: NOW,
            statements: [
              {
                storyId: 's',
                storyTitle: '石狩',
                sentence,
                language: 'ja',
                statedAt: NOW,
                outlets: [{ name: '日経', url: 'https://nikkei.example/a' }],
              },
            ],
          },
        ],
      });
      assert.ok(
        ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75),
        'no line longer than 75 octets',
      );
      for (const calendar of [await readWithIcalendar(ics), readWithIcalJs(ics)]) {
        const [event] = calendar.events;
        assert.equal(event!.summary, 'Opening: 石狩, Ishikari; "DC"');
        assert.ok(event!.description.includes(`"${sentence}"`), event!.description);
        assert.ok(event!.description.includes('日経: https://nikkei.example/a'));
      }
    },
  );

  describe('over HTTP', () => {
    let owner: TestClient;
    let other: TestClient;
    before(async () => {
      owner = await signIn(ts, 'owner@calendar.test');
      other = await signIn(ts, 'other@calendar.test');
      for (const id of [SITE, COUNTY]) assert.equal((await owner.put(`/api/follows/${id}`, {})).status, 201);
      assert.equal((await other.put(`/api/follows/${OTHER}`, {})).status, 201);
    });

    const address = async (client: TestClient) =>
      calendarFeedSchema.parse(await (await client.post('/api/calendar/rotate', {})).json()).url!;
    const fetchIcs = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

    test('the address needs a session; it is shown when made, never again', async () => {
      assert.equal((await new TestClient(ts.url).get('/api/calendar')).status, 401);
      assert.deepEqual(await (await owner.get('/api/calendar')).json(), { exists: false, url: null });
      const url = await address(owner);
      assert.match(url, new RegExp(`^${ts.config.publicUrl}/api/calendar/[\\w-]{32}\\.ics$`));
      assert.deepEqual(await (await owner.get('/api/calendar')).json(), { exists: true, url: null });
    });

    test(
      'the .ics without a cookie: text/calendar, the followed entities only, ETag and 304',
      { skip: skipWithoutIcalendar() },
      async () => {
        const url = await address(owner);
        const res = await fetchIcs(url);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
        const body = await res.text();
        const events = byStart(await readWithIcalendar(body));
        assert.deepEqual(
          events.map((e) => e.summary),
          ['Deadline: Campus Alpha', 'Deadline: Beta County', 'Hearing: Campus Alpha (month only)', 'Vote: Campus Alpha'],
        );
        const etag = res.headers.get('etag')!;
        assert.match(etag, /^"[\w-]+"$/);
        const again = await fetchIcs(url, { 'if-none-match': etag });
        assert.equal(again.status, 304);
        assert.equal(await again.text(), '');
      },
    );

    test("another subscriber's calendar never shows your follows, and yours never theirs", async () => {
      const mine = readWithIcalJs(await (await fetchIcs(await address(owner))).text());
      const theirs = readWithIcalJs(await (await fetchIcs(await address(other))).text());
      assert.deepEqual(
        theirs.events.map((e) => e.summary),
        ['Commissioning: Gamma Compute'],
      );
      assert.ok(!mine.events.some((e) => e.summary.includes('Gamma')));
      assert.ok(!theirs.events.some((e) => /Alpha|Beta/.test(e.summary + e.description)));
    });

    test('a rotated address is 404 at once, as is an unknown or turned-off one', async () => {
      const old = await address(owner);
      assert.equal((await fetchIcs(old)).status, 200);
      const current = await address(owner);
      assert.equal((await fetchIcs(old)).status, 404);
      assert.equal((await fetchIcs(current)).status, 200);
      assert.equal((await fetchIcs(`${ts.url}/api/calendar/${'x'.repeat(32)}.ics`)).status, 404);
      assert.equal((await fetchIcs(`${ts.url}/api/calendar/nothing`)).status, 404);
      assert.deepEqual(await (await owner.request('DELETE', '/api/calendar')).json(), { exists: false, url: null });
      assert.equal((await fetchIcs(current)).status, 404);
    });

    test('an account whose trial ended keeps its address, and the calendar lists nothing until it is active again', async () => {
      const url = await address(owner);
      await setSubscription(ts.orm, 'owner@calendar.test', 'basic', 'trial_ended');
      const ended = readWithIcalJs(await (await fetchIcs(url)).text());
      assert.deepEqual(ended.events, []);
      await setSubscription(ts.orm, 'owner@calendar.test', 'basic', 'active');
      assert.equal(readWithIcalJs(await (await fetchIcs(url)).text()).events.length, 4);
    });

    test('unfollowing takes the events out at the next read', async () => {
      const url = await address(owner);
      assert.equal((await owner.request('DELETE', `/api/follows/${COUNTY}`)).status, 204);
      const events = readWithIcalJs(await (await fetchIcs(url)).text()).events;
      assert.ok(!events.some((e) => e.summary.includes('Beta County')));
      assert.equal(events.length, 3);
    });
  });
});

describe('calendar rate limits and logs', () => {
  test('one calendar read too often is 429; unknown tokens from one address are 429 after the budget; no token in the log', async () => {
    const logs = captureLogs();
    const ts = await startTestServer({
      now: NOW,
      logger: logs.logger,
      rateLimits: { calendarPerToken: { points: 2, durationSec: 3600 }, calendarMissesPerIp: { points: 2, durationSec: 900 } },
    });
    try {
      const owner = await signIn(ts, 'limited@calendar.test');
      const url = calendarFeedSchema.parse(await (await owner.post('/api/calendar/rotate', {})).json()).url!;
      assert.equal((await fetch(url)).status, 200);
      assert.equal((await fetch(url)).status, 200);
      const limited = await fetch(url);
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      const unknown = `${ts.url}/api/calendar/${'y'.repeat(32)}.ics`;
      assert.equal((await fetch(unknown)).status, 404);
      assert.equal((await fetch(unknown)).status, 404);
      assert.equal((await fetch(unknown)).status, 429);
      const token = /\/api\/calendar\/(.+)\.ics$/.exec(url)![1]!;
      const logged = JSON.stringify(logs.lines);
      assert.ok(!logged.includes(token), 'the token is never logged');
      assert.match(logged, /\/api\/calendar\/\[redacted\]\.ics/);
    } finally {
      await ts.close();
    }
  });
});
