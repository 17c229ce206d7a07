import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { Delivery } from '../../src/delivery/delivery.entity.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { Feedback } from '../../src/modules/feedback/feedback.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { launchBrowser } from '../../../e2e/support/browser.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { recipient } from '../support/users.js';
import { addSubscribers, deliveryDeps } from './fixtures.js';

const PUBLIC = 'https://brief.example';
const TUESDAY_NY_0605 = '2026-11-24T11:05:00Z';

/** A header as it was on the wire (mailparser reshapes List-* headers into objects). */
function rawHeader(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, '')
    .trim();
}

describe('digest email through a real SMTP server', () => {
  let sink: SmtpSink;
  let ts: TestServer;
  const mailTo = (email: string) => sink.messages.filter((m) => recipient(m) === email);
  /** Links point at the public https address; the test follows them to the server under test. */
  const local = (url: string) => url.replace(PUBLIC, ts.url);
  const links = (mail: ParsedMail) => [...(mail.html || '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  before(async () => {
    sink = await startSmtpSink();
    ts = await startTestServer({ env: { SMTP_URL: sink.url, PUBLIC_URL: PUBLIC }, now: TUESDAY_NY_0605 });
    ts.config.publicUrl = PUBLIC;
    await addSubscribers(ts.orm, [
      { email: 'ana@ops.example', firstName: 'Ana', timezone: 'America/New_York' },
      {
        email: 'ben@ops.example',
        firstName: 'Ben',
        timezone: 'Europe/Berlin',
        preferences: {
          deliveryTime: '08:00',
          contentDepth: 'brief',
          interests: { infrastructure: false, technology: false, marketTrends: false, operations: false, security: true },
        },
      },
      { email: 'cy@ops.example', timezone: 'America/New_York', status: 'canceled' },
      { email: 'dee@ops.example', timezone: 'America/New_York', preferences: { dailyDigest: false, weeklySummary: false } },
    ]);
    await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
  });
  after(async () => {
    await ts.close();
    await sink.close();
  });

  test('each active subscriber who wants the daily brief gets exactly one; a second pass sends nothing', async () => {
    assert.deepEqual(sink.messages.map(recipient).sort(), ['ana@ops.example', 'ben@ops.example']);
    const again = await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
    assert.equal(again.send.sent, 0);
    assert.equal(sink.messages.length, 2);
  });

  test('headers: subject with the top story first, then the product and date; stable Message-ID, RFC 8058 one-click unsubscribe over https', async () => {
    const [mail] = mailTo('ana@ops.example');
    assert.equal(mail!.subject, 'Equinix opens 60 MW MD7 campus in Madrid · DC Brief, Nov 24');
    const row = await ts.orm.em.fork().findOneOrFail(Delivery, { user: { email: 'ana@ops.example' } });
    assert.equal(mail!.messageId, row.messageId);
    assert.equal(row.state, 'sent');
    const unsubscribe = rawHeader(mail!, 'list-unsubscribe');
    assert.match(unsubscribe, /^<https:\/\/brief\.example\/api\/email\/unsubscribe\?t=[\w.-]+>$/);
    assert.equal(rawHeader(mail!, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
  });

  test('parts: responsive HTML without images and a plain-text part with the same stories and sources', async () => {
    const [mail] = mailTo('ana@ops.example');
    const html = mail!.html as string;
    assert.match(html, /<meta name="viewport" content="width=device-width,initial-scale=1">/);
    assert.doesNotMatch(html, /<img/i);
    assert.ok(mail!.text);
    for (const title of [
      'Equinix opens 60 MW MD7 campus in Madrid',
      'Nikkei: NTT to deploy liquid-cooled GPU halls in Osaka',
      'Frankfurt colocation prices rose 8% year on year',
    ]) {
      assert.ok(html.includes(title), title);
      assert.ok(mail!.text!.includes(title), title);
    }
    // Regulations are off by default; the story from Nov 20 is older than the edition window.
    assert.ok(!html.includes('energy reporting template'));
    assert.ok(!html.includes('PAR8'));
    // Standard depth: up to three sentences; every outlet of the story linked.
    assert.ok(mail!.text!.includes('The campus cost €500 million, according to the company.'));
    const hrefs = links(mail!);
    for (const url of [
      'https://dcd.example/s-madrid',
      'https://cincodias.example/s-madrid',
      'https://lemagit.example/s-madrid',
      'https://heise.example/s-madrid',
    ])
      assert.ok(hrefs.includes(url), url);
    assert.ok(hrefs.includes(`${PUBLIC}/dashboard`), 'footer links to the preferences');
    assert.equal(hrefs.filter((h) => h.includes('/api/email/rate?')).length, 5);
  });

  test("ben's brief follows his preferences: security first, the must-know story marked outside his topics, one sentence per story", async () => {
    const [mail] = mailTo('ben@ops.example');
    assert.match(mail!.subject!, /^CISA adds BMC firmware flaw/);
    const text = mail!.text!;
    assert.ok(text.includes('CISA added CVE-2026-4410'));
    assert.ok(!text.includes('Federal agencies must patch'), 'brief depth keeps one sentence');
    // Madrid leads the edition and four outlets report it: it reaches him, after his own topic, marked.
    assert.ok(text.indexOf('1. CISA adds BMC firmware flaw') < text.indexOf('2. Equinix opens 60 MW MD7 campus in Madrid'));
    assert.match(text, /\[Outside your topics\]\n2\. Equinix opens 60 MW MD7 campus in Madrid/);
    assert.equal((mail!.html as string).match(/Outside your topics/g)?.length, 1);
    assert.match(text, /1 new story in your topics, and 1 outside them that leads this edition/);
    // Two outlets and outside his topics: below the bar.
    assert.ok(!text.includes('NTT'));
    assert.doesNotMatch(text + (mail!.html as string), /fact-checked/i);
  });

  test('rating: GET only asks (mail scanners prefetch), POST records once per digest, a forged token is refused', async () => {
    const [mail] = mailTo('ana@ops.example');
    const four = links(mail!).find((h) => h.endsWith('rating=4'))!;
    const page = await fetch(local(four));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Rate this brief 4 out of 5\?[\s\S]*<form id="act" method="post"/);
    assert.equal(await ts.orm.em.fork().count(Feedback, {}), 0, 'a GET records nothing');

    const thanks = await fetch(local(four), { method: 'POST' });
    assert.equal(thanks.status, 200);
    assert.match(await thanks.text(), /Thank you for your feedback/);
    const two = links(mail!).find((h) => h.endsWith('rating=2'))!;
    assert.equal(
      (await fetch(local(two), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status,
      200,
    );
    const feedback = await ts.orm.em.fork().find(Feedback, {}, { populate: ['digest'] });
    assert.equal(feedback.length, 1);
    assert.equal(feedback[0]!.rating, 2);
    const row = await ts.orm.em.fork().findOneOrFail(Delivery, { user: { email: 'ana@ops.example' } });
    assert.equal(feedback[0]!.digest.id, row.digest!.id);

    const forged = local(four).replace(/\.([\w-]+)&/, '.AAAAAAAAAAAAAAAAAAAAAA&');
    const refused = await fetch(forged, { method: 'POST' });
    assert.equal(refused.status, 400);
    assert.equal((await fetch(local(four).replace('rating=4', 'rating=9'), { method: 'POST' })).status, 400);
  });

  test('rating from the email is one click in a browser: the page posts itself, allowed by its script hash alone', async () => {
    const [mail] = mailTo('ana@ops.example');
    const five = local(links(mail!).find((h) => h.endsWith('rating=5'))!);
    const page = await fetch(five);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self' https:\/\/js\.stripe\.com 'sha256-[A-Za-z0-9+/]+=*'/);
    assert.doesNotMatch(csp, /unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe-inline/, 'no inline script but the hashed one');
    assert.match(
      await page.text(),
      /<form id="act" method="post"[^>]*><button type="submit">Confirm: 5 out of 5<\/button><\/form><script>/,
    );

    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      const refused: string[] = [];
      tab.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await tab.goto(five);
      await tab.getByRole('heading', { name: 'Thank you for your feedback' }).waitFor();
      assert.deepEqual(refused, []);
    } finally {
      await browser.close();
    }
    const feedback = await ts.orm.em.fork().find(Feedback, { user: { email: 'ana@ops.example' } });
    assert.deepEqual(
      feedback.map((f) => f.rating),
      [5],
    );
  });

  test('unsubscribe: GET shows a confirmation and changes nothing; a one-click POST without cookie turns mail off before the next send', async () => {
    const [mail] = mailTo('ana@ops.example');
    const url = local(rawHeader(mail!, 'list-unsubscribe').slice(1, -1));
    const confirm = await fetch(url);
    assert.equal(confirm.status, 200);
    assert.match(await confirm.text(), /Unsubscribe from DC Brief emails\?/);
    let ana = await ts.orm.em.fork().findOneOrFail(User, { email: 'ana@ops.example' });
    assert.equal(ana.preferences.dailyDigest, true);

    // What Gmail and others send (RFC 8058 section 3.2): multipart form data, no cookie, another origin.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const done = await fetch(url, { method: 'POST', body: form, headers: { origin: 'https://mail.example' } });
    assert.equal(done.status, 200);
    // The confirmation: delivery stopped, the plan (and its billing) unchanged, and where to cancel it (decision 115).
    const page = await done.text();
    assert.match(page, /Email delivery has stopped/);
    assert.match(page, /Your Essential plan is unchanged and still billed at \$29 per month/);
    assert.match(page, /<a href="https:\/\/brief\.example\/dashboard#billing">Cancel your plan in Manage billing<\/a>/);
    ana = await ts.orm.em.fork().findOneOrFail(User, { email: 'ana@ops.example' });
    assert.equal(ana.preferences.dailyDigest, false);
    assert.equal(ana.preferences.weeklySummary, false);

    ts.clock.set('2026-11-25T11:05:00Z');
    await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
    assert.equal(mailTo('ana@ops.example').length, 1, 'no mail after unsubscribing');
    assert.equal(mailTo('ben@ops.example').length, 2, 'others still get theirs');
  });

  test('a digest that was already composed is cancelled, not sent, when the subscriber unsubscribes before the send', async () => {
    await addSubscribers(ts.orm, [{ email: 'eve@ops.example', timezone: 'America/New_York' }]);
    const deps = deliveryDeps(ts);
    const { planDeliveries } = await import('../../src/delivery/plan.js');
    const { composeDigests } = await import('../../src/delivery/compose-digests.js');
    await planDeliveries(deps, ts.clock.now());
    await composeDigests(deps, ts.clock.now());
    await ts.orm.em
      .fork()
      .nativeUpdate(
        User,
        { email: 'eve@ops.example' },
        { preferences: { ...(await ts.orm.em.fork().findOneOrFail(User, { email: 'eve@ops.example' })).preferences, dailyDigest: false } },
      );
    const pass = await runDeliveryPass(deps, ts.clock.now());
    assert.equal(pass.send.cancelled, 1);
    assert.equal(mailTo('eve@ops.example').length, 0);
  });
});
