import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Delivery } from '../../src/delivery/delivery.entity.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { startTestServer } from '../support/harness.js';
import { addSubscribers, deliveryDeps, editionOf, weekOfNews } from './fixtures.js';

describe('local delivery time', () => {
  test('a clock walking in 10-minute steps through a DST change sends one digest per local day, within a step of the hour', async () => {
    // A short catch-up window, so the walk's first step does not pick up the previous day's digests.
    const ts = await startTestServer({ now: '2026-10-30T00:00:00Z', env: { DELIVERY_CATCH_UP_HOURS: '0.1' } });
    try {
      const subscribers = [
        { email: 'ny@tz.example', timezone: 'America/New_York' },
        { email: 'kiri@tz.example', timezone: 'Pacific/Kiritimati' },
        { email: 'gmt12@tz.example', timezone: 'Etc/GMT+12' },
        { email: 'noon@tz.example', timezone: 'Europe/London', preferences: { deliveryTime: '12:00' as const } },
      ];
      await addSubscribers(
        ts.orm,
        subscribers.map((s) => ({ ...s, preferences: { ...s.preferences, weeklySummary: false } })),
      );
      const deps = deliveryDeps(ts, editionOf([]));
      for (let t = Date.parse('2026-10-30T00:00:00Z'); t <= Date.parse('2026-11-03T00:00:00Z'); t += 10 * 60_000) {
        ts.clock.set(new Date(t));
        await runDeliveryPass(deps, ts.clock.now());
      }
      const rows = await ts.orm.em.fork().find(Delivery, {}, { populate: ['user'], orderBy: { scheduledFor: 'asc' } });
      const byUser = (email: string) => rows.filter((r) => r.user.email === email);
      for (const { email } of subscribers) {
        const dates = byUser(email).map((r) => r.editionDate);
        assert.equal(new Set(dates).size, dates.length, `${email}: one row per local date`);
        for (const r of byUser(email)) {
          assert.equal(r.state, 'sent');
          const late = r.sentAt!.getTime() - r.scheduledFor.getTime();
          assert.ok(late >= 0 && late < 10 * 60_000, `${email} ${r.editionDate} sent ${late} ms after its hour`);
        }
      }
      assert.deepEqual(
        byUser('ny@tz.example').map((r) => r.scheduledFor.toISOString()),
        ['2026-10-30T10:00:00.000Z', '2026-10-31T10:00:00.000Z', '2026-11-01T11:00:00.000Z', '2026-11-02T11:00:00.000Z'],
      );
      assert.deepEqual(
        byUser('kiri@tz.example').map((r) => r.editionDate),
        ['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03'],
      );
      assert.deepEqual(
        byUser('gmt12@tz.example').map((r) => r.scheduledFor.toISOString()),
        ['2026-10-30T18:00:00.000Z', '2026-10-31T18:00:00.000Z', '2026-11-01T18:00:00.000Z', '2026-11-02T18:00:00.000Z'],
      );
      // Europe/London left summer time on 25 October: noon is 12:00Z.
      assert.ok(byUser('noon@tz.example').every((r) => r.scheduledFor.toISOString().endsWith('T12:00:00.000Z')));
      // Nothing in the edition: every one of them is a short quiet-day note, never an empty digest.
      const digests = await ts.orm.em.fork().find(Digest, {});
      assert.ok(digests.length >= 16);
      assert.ok(digests.every((d) => d.quiet && d.storyCount === 0 && /a quiet day/.test(d.title)));
      assert.equal((await ts.mailFolder()).length, rows.length);
    } finally {
      await ts.close();
    }
  });
});

describe('what a digest holds', () => {
  test("never yesterday's news again; on Monday the weekly summary replaces the daily; quiet only when the edition has nothing new", async () => {
    const ts = await startTestServer({ now: '2026-11-22T06:05:00Z' });
    try {
      await addSubscribers(ts.orm, [{ email: 'utc@tz.example', timezone: 'UTC' }]);
      // Every story of the week stays "in the window" of the engine's edition: only the received-stories check keeps them out.
      const stories = weekOfNews();
      const deps = deliveryDeps(ts, { build: async () => stories });
      const digestOn = async (iso: string) => {
        ts.clock.set(iso);
        await runDeliveryPass(deps, ts.clock.now());
        return ts.orm.em.fork().find(Digest, {}, { orderBy: { createdAt: 'asc', kind: 'asc' } });
      };
      const first = await digestOn('2026-11-22T06:05:00Z');
      assert.equal(first.length, 1);
      assert.equal(first[0]!.storyCount, 5, 'five stories match the default interests');
      const second = await digestOn('2026-11-23T06:05:00Z');
      const monday = second.filter((d) => d.date === '2026-11-23');
      assert.deepEqual(
        monday.map((d) => d.kind),
        ['weekly'],
        'one email on Monday: the weekly summary instead of the daily',
      );
      assert.equal(monday[0]!.storyCount, 5, 'the weekly summary recaps the week');
      // Tuesday: nothing new in the subscriber's interests, but the edition still has a story they have not
      // had (Regulations, off for them): it comes, marked, instead of a quiet note.
      const third = await digestOn('2026-11-24T06:05:00Z');
      const tuesday = third.find((d) => d.date === '2026-11-24')!;
      assert.equal(tuesday.kind, 'daily');
      assert.equal(tuesday.quiet, false);
      const [regulation] = (await ts.orm.em.fork().findOneOrFail(Digest, { id: tuesday.id }, { populate: ['content'] })).content!.stories;
      assert.equal(regulation!.id, 's-rule');
      assert.equal(regulation!.outsideInterests, true);
      // Wednesday: the edition holds nothing they have not received: now, and only now, a quiet day.
      const fourth = await digestOn('2026-11-25T06:05:00Z');
      const wednesday = fourth.find((d) => d.date === '2026-11-25')!;
      assert.equal(wednesday.quiet, true, 'all six already received: a quiet note');
      assert.equal(wednesday.storyCount, 0);
      const mails = await ts.mailFolder();
      assert.deepEqual(
        mails.map((m) => m.subject),
        [
          'Equinix opens 60 MW MD7 campus in Madrid · DC Brief, Nov 22',
          'Equinix opens 60 MW MD7 campus in Madrid · DC Brief weekly, Nov 23',
          'EU publishes data-center energy reporting template · DC Brief, Nov 24',
          'A quiet day · DC Brief, Nov 25',
        ],
      );
      assert.match(
        mails[2]!.text!,
        /Nothing new in your topics since your last brief, so here is the story outside them that leads this edition/,
      );
      assert.match(mails[3]!.text!, /A quiet day: no story came in since your last brief/);
    } finally {
      await ts.close();
    }
  });
});
