import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { type Orm } from '../../src/db/orm.js';
import { openDatabase } from '../../src/database.js';
import { Delivery } from '../../src/delivery/delivery.entity.js';
import type { EditionReader } from '../../src/delivery/edition-port.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { purgeOrphanContents } from '../../src/jobs/housekeeping.js';
import { Digest, DigestContent } from '../../src/modules/digests/digest.entity.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { useSmtpSinkMailer } from '../support/smtp-sink.js';
import { recipient } from '../support/users.js';
import { addSubscribers, deliveryDeps, editionOf } from './fixtures.js';
import { GatedMailer } from '../support/gated-mailer.js';

/** The real clock of these tests (the injected Clock port); passes below replay earlier hours with --now. */
const REAL_NOW = '2026-11-24T12:00:00Z';
const PAST = new Date('2026-11-24T06:05:00Z');
const MINUTE = 60_000;

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('two processes at once', () => {
  const mail = useSmtpSinkMailer();
  let ts: TestServer;
  beforeEach(async () => {
    await ts?.close();
    mail.sink.messages.length = 0;
    ts = await startTestServer({ now: REAL_NOW });
  });
  after(async () => ts?.close());
  const emails = (n: number) => Array.from({ length: n }, (_, i) => `s${i}@race.example`);
  const oneEmailEach = (addresses: string[]) => {
    assert.deepEqual(mail.sink.messages.map(recipient).sort(), [...addresses].sort(), 'exactly one email per subscriber');
  };

  test('a pass replaying the past (--now) leases its rows on the real clock: neither a pass now nor a later replay takes them for abandoned', async () => {
    const addresses = emails(3);
    await addSubscribers(
      ts.orm,
      addresses.map((email) => ({ email, preferences: { weeklySummary: false } })),
    );
    const gated = new GatedMailer(mail.smtp);
    const replay = runDeliveryPass({ ...deliveryDeps(ts), mailer: gated }, PAST);
    await until(() => gated.waiting > 0, 'the replay to be sending');

    // Another process's pass at the real time, and the operator's next replay eleven minutes on: under the
    // lease of the pass's own --now (06:15) both would have declared the rows uncertain.
    const current = await runDeliveryPass({ ...deliveryDeps(ts), mailer: mail.smtp }, ts.clock.now());
    assert.equal(current.uncertain, 0, 'a pass now does not take rows still being sent for abandoned');
    const nextReplay = await runDeliveryPass({ ...deliveryDeps(ts), mailer: mail.smtp }, new Date(PAST.getTime() + 11 * MINUTE));
    assert.equal(nextReplay.uncertain, 0, 'nor does a later replay');
    const rows = await ts.orm.em.fork().find(Delivery, {});
    assert.deepEqual(
      rows.map((r) => r.state),
      ['sending', 'sending', 'sending'],
    );
    for (const r of rows)
      assert.equal(r.leaseUntil?.getTime(), Date.parse(REAL_NOW) + 10 * MINUTE, 'ten minutes from the claim on the real clock');

    gated.release();
    const done = await replay;
    assert.equal(done.send.sent, 3);
    assert.deepEqual(
      (await ts.orm.em.fork().find(Delivery, {})).map((r) => r.state),
      ['sent', 'sent', 'sent'],
    );
    oneEmailEach(addresses);
  });

  test('once the lease has run out on the real clock, the rows are uncertain and not resent', async () => {
    const addresses = emails(2);
    await addSubscribers(
      ts.orm,
      addresses.map((email) => ({ email, preferences: { weeklySummary: false } })),
    );
    const gated = new GatedMailer(mail.smtp);
    const stuck = runDeliveryPass({ ...deliveryDeps(ts), mailer: gated }, PAST);
    await until(() => gated.waiting > 0, 'the pass to be sending');
    ts.clock.advance(11 * MINUTE);
    const later = await runDeliveryPass({ ...deliveryDeps(ts), mailer: mail.smtp }, PAST);
    assert.equal(later.uncertain, 2);
    assert.equal(later.send.sent, 0, 'never resent blindly');
    assert.equal(mail.sink.messages.length, 0);
    gated.release();
    await stuck;
    oneEmailEach(addresses);
  });

  test('two passes composing the same batch on one SQLite file (two ORM instances) both complete; each row keeps one digest and one email', async () => {
    const addresses = emails(40);
    await addSubscribers(
      ts.orm,
      addresses.map((email) => ({ email, preferences: { weeklySummary: false } })),
    );
    const other: Orm = await openDatabase(ts.config.database);
    try {
      // Each pass asks the edition once, after loading its batch of pending rows; holding both answers until
      // both have asked makes them compose the very same rows.
      let arrivals = 0;
      let releaseAll!: () => void;
      const bothLoaded = new Promise<void>((resolve) => (releaseAll = resolve));
      const inner = editionOf();
      const barrier: EditionReader = {
        async build(window, kind) {
          if (++arrivals === 2) releaseAll();
          await Promise.race([bothLoaded, new Promise((r) => setTimeout(r, 10_000))]);
          return inner.build(window, kind);
        },
      };
      const [a, b] = await Promise.all([
        runDeliveryPass({ ...deliveryDeps(ts), editions: barrier, mailer: mail.smtp }, PAST),
        runDeliveryPass({ ...deliveryDeps(ts), orm: other, editions: barrier, mailer: mail.smtp }, PAST),
      ]);
      assert.equal(arrivals, 2, 'both passes loaded the batch before either composed it');
      assert.equal(a.compose.composed + b.compose.composed, addresses.length, 'each digest stored once; the other pass reused it');
      assert.equal(a.send.sent + b.send.sent, addresses.length, 'and both went on to send');
      const digests = await ts.orm.em.fork().find(Digest, {});
      assert.equal(digests.length, addresses.length);
      const rows = await ts.orm.em.fork().find(Delivery, {});
      assert.ok(
        rows.every((r) => r.state === 'sent' && r.digest),
        'every row sent, linked to the stored digest',
      );
      assert.equal(new Set(rows.map((r) => r.digest!.id)).size, addresses.length);
      oneEmailEach(addresses);

      // The losing pass wrote contents that no stored digest holds: housekeeping takes them a day later,
      // and only them.
      const em = ts.orm.em.fork();
      const held = new Set((await em.find(Digest, {}, { fields: ['content'] })).map((d) => d.content!.id));
      const before = await em.count(DigestContent, {});
      assert.ok(before > held.size, 'the race left contents no digest holds');
      assert.equal(await purgeOrphanContents(em, PAST), 0, 'not while they are fresh');
      assert.equal(await purgeOrphanContents(em, new Date(PAST.getTime() + 25 * 3600_000)), before - held.size);
      assert.deepEqual(
        new Set((await em.find(DigestContent, {}, { fields: ['id'] })).map((c) => c.id)),
        held,
        'every stored digest keeps its content',
      );
    } finally {
      await other.close();
    }
  });
});
