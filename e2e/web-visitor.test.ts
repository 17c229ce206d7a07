import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { useWebFixture } from './support/web-fixture.js';
import { routeStripeToStandIn } from './support/web-helpers.js';

// The built web app (web/dist) against the real server: what a signed-out visitor sees and does.
describe('web app for visitors', () => {
  const web = useWebFixture();

  async function landing(): Promise<{ page: Page; stripeRequests: string[]; close: () => Promise<void> }> {
    const context = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const stripeRequests = await routeStripeToStandIn(context);
    const page = await context.newPage();
    await page.goto(`${web.ts.url}/`);
    await page.getByRole('heading', { level: 1, name: /Data-center intelligence/ }).waitFor();
    return { page, stripeRequests, close: () => context.close() };
  }

  async function openWaitlist(page: Page) {
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  test('the top bar anchors scroll to their sections, and the landing page never loads Stripe.js', async () => {
    const { page, stripeRequests, close } = await landing();
    for (const id of ['features', 'pricing', 'demo']) {
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: id[0]!.toUpperCase() + id.slice(1) })
        .click();
      await page.waitForFunction((target) => {
        const top = document.getElementById(target)!.getBoundingClientRect().top;
        return top >= 0 && top < 120;
      }, id);
      assert.equal(new URL(page.url()).hash, `#${id}`);
    }
    assert.deepEqual(stripeRequests, []);
    await close();
  });

  test('an incomplete waitlist form shows the required toast and sends nothing', async () => {
    const { page, close } = await landing();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/waitlist') && posts.push(r.url()));
    const dialog = await openWaitlist(page);
    await dialog.getByLabel('Work email').fill('half@dc-ops.example');
    await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
    await page.getByText('All fields required', { exact: true }).first().waitFor();
    await page.getByText('Please fill in all required fields', { exact: true }).first().waitFor();
    assert.deepEqual(posts, []);
    await close();
  });

  test('the draft is saved once, about a second after typing stops', async () => {
    const { page, close } = await landing();
    const drafts: { body: unknown }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/waitlist/draft')) drafts.push({ body: r.postDataJSON() });
    });
    const dialog = await openWaitlist(page);
    // The last keystroke and the request are both timed by the browser's clock, so a slow test process does not
    // shorten the measured pause.
    await page.evaluate(() => {
      document.addEventListener('input', () => ((window as unknown as { lastInputAt: number }).lastInputAt = Date.now()), true);
    });
    await dialog.getByLabel('First name').pressSequentially('Ana', { delay: 50 });
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/waitlist/draft'));
    await page.waitForTimeout(600);
    assert.equal(drafts.length, 0, 'nothing is sent before the pause ends');
    const response = await saved;
    assert.equal(drafts.length, 1);
    const lastInputAt = await page.evaluate(() => (window as unknown as { lastInputAt: number }).lastInputAt);
    const pause = response.request().timing().startTime - lastInputAt;
    assert.ok(pause >= 900, `saved ${pause} ms after the last keystroke`);
    assert.deepEqual(drafts[0]!.body, { email: '', firstName: 'Ana', lastName: '', phoneNumber: '' });
    await close();
  });

  test('joining succeeds; the same email again gets the same answer (the page must not tell who is on the list)', async () => {
    const entry = { email: 'ops-lead@dc-ops.example', first: 'Ana', last: 'Silva', phone: '+351 912 345 678' };
    for (const attempt of ['first', 'again'] as const) {
      const { page, close } = await landing();
      const dialog = await openWaitlist(page);
      await dialog.getByLabel('Work email').fill(entry.email);
      await dialog.getByLabel('First name').fill(entry.first);
      await dialog.getByLabel('Last name').fill(entry.last);
      await dialog.getByLabel('Phone number').fill(entry.phone);
      const response = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
      assert.equal((await response).status(), 201, attempt);
      await page.getByText("You're on the list!", { exact: true }).first().waitFor();
      await page.getByText("We'll contact you next week when spots open up.", { exact: true }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await close();
    }
    // The address's owner hears of the second entry by email instead (docs/decisions/504).
    const subjects = (await web.ts.mailFolder()).map((m) => m.subject);
    assert.ok(subjects.includes("You're already on the DC Brief waitlist"), subjects.join(', '));
  });

  test('signed out, /subscribe says why and goes to the sign-in page after 1 s', async () => {
    const { page, stripeRequests, close } = await landing();
    const started = Date.now();
    await page.goto(`${web.ts.url}/subscribe`);
    await page.getByText('Authentication Required', { exact: true }).first().waitFor();
    await page.getByText('Please sign in to subscribe.', { exact: true }).first().waitFor();
    await page.waitForURL(`${web.ts.url}/api/login?next=%2Fsubscribe`);
    assert.ok(Date.now() - started >= 1000);
    assert.equal(await page.locator('input[name="next"]').getAttribute('value'), '/subscribe', 'the link will come back here');
    assert.deepEqual(stripeRequests, [], 'no secret, no Stripe.js');
    await close();
  });

  test('signed out, /dashboard shows the Unauthorized toast and goes to sign in after 0.5 s', async () => {
    const { page, close } = await landing();
    const started = Date.now();
    await page.goto(`${web.ts.url}/dashboard`);
    await page.getByText('You are logged out. Logging in again...', { exact: true }).first().waitFor();
    await page.waitForURL(`${web.ts.url}/api/login?next=%2Fdashboard`);
    assert.ok(Date.now() - started >= 500);
    await close();
  });

  test('an unknown path answers HTTP 404 and shows the 404 screen', async () => {
    const { page, close } = await landing();
    const response = await page.goto(`${web.ts.url}/no/such/page`);
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?', { exact: true }).first().waitFor();
    await close();
  });

  test('robots.txt and the favicons are real files; the page links them', async () => {
    const robots = await fetch(`${web.ts.url}/robots.txt`);
    assert.equal(robots.status, 200);
    assert.match(robots.headers.get('content-type') ?? '', /text\/plain/);
    assert.match(await robots.text(), /^Disallow: \/api\/$/m);
    const ico = await fetch(`${web.ts.url}/favicon.ico`);
    assert.equal(ico.status, 200);
    assert.deepEqual([...new Uint8Array(await ico.arrayBuffer()).slice(0, 4)], [0, 0, 1, 0], 'an ICO file');
    const svg = await fetch(`${web.ts.url}/favicon.svg`);
    assert.equal(svg.status, 200);
    assert.match(svg.headers.get('content-type') ?? '', /image\/svg\+xml/);
    const html = await (await fetch(`${web.ts.url}/`)).text();
    assert.match(html, /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"/);
  });

  test('the landing page arrives prerendered, and hydrating it changes nothing in the page', async () => {
    const context = await web.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    // Every change under #root once the HTML is parsed: the scripts run after that, so this is the hydration.
    await page.addInitScript(() => {
      const changes: string[] = [];
      (window as unknown as { rootChanges: string[] }).rootChanges = changes;
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        new MutationObserver((list) => list.forEach((m) => changes.push(`${m.type} in <${m.target.nodeName}>`))).observe(
          document.getElementById('root')!,
          { subtree: true, childList: true, characterData: true, attributes: true },
        );
      });
    });
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/user'));
    const response = await page.goto(`${web.ts.url}/`);
    const served = await response!.text();
    assert.match(served, /<div id="root"><div id="top"/, 'index.html carries the landing page');
    assert.match(served, /<h1 id="hero-title"[^>]*>Data-center intelligence\. <span[^>]*>Facts only\.<\/span><\/h1>/);
    // Hydrated and told "signed out" (the idle-time dialog preload included): not one node, text or attribute changed.
    await signedOut;
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.deepEqual(await page.evaluate(() => (window as unknown as { rootChanges: string[] }).rootChanges), []);
    // And the hydrated buttons work, which the observer sees.
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    await page.getByRole('dialog', { name: 'Join the DC Brief waitlist' }).waitFor();
    assert.ok((await page.evaluate(() => (window as unknown as { rootChanges: string[] }).rootChanges)).length > 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('other pages open from app.html, without the landing page in them', async () => {
    for (const [path, status] of [
      ['/dashboard', 200],
      ['/no-such-page', 404],
    ] as const) {
      const response = await fetch(`${web.ts.url}${path}`);
      assert.equal(response.status, status);
      const html = await response.text();
      assert.match(html, /<div id="root"><\/div>/);
      assert.doesNotMatch(html, /hero-title/);
    }
  });
});
