import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { addDigests, setSubscription } from '../server/test/support/fixtures.js';
import { startTestServer, type TestServer } from '../server/test/support/harness.js';
import { launchBrowser } from './support/browser.js';
import { routeStripeToStandIn, signInInBrowser } from './support/web-helpers.js';

// Signed-in screens of the built web app against the real server, users signed in by magic link.
describe('web app for subscribers', () => {
  let ts: TestServer;
  let browser: Browser;
  before(async () => {
    ts = await startTestServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ts?.close();
  });

  test('a free user signs in by magic link and sees the home page: FREE, the upgrade panel, no audio actions', async () => {
    const { context, page } = await signInInBrowser(ts, browser, 'free-reader@dc-ops.example');
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await page.getByText('Your first digest arrives tomorrow at 6:00 AM.').waitFor();
    const status = page.locator('section', { has: page.getByRole('heading', { name: 'Subscription Status' }) });
    await status.getByText('FREE', { exact: true }).waitFor();
    await status.getByText('Upgrade your intelligence').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Listen' }).count(), 0);
    await context.close();
  });

  test('a premium active user sees the latest digest, real stats and the audio actions', async () => {
    const email = 'premium-reader@dc-ops.example';
    const first = await signInInBrowser(ts, browser, email);
    await first.context.close();
    await setSubscription(ts.orm, email, 'premium', 'active');
    await addDigests(ts.orm, email, ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    const { context, page } = await signInInBrowser(ts, browser, email);
    await page.getByRole('button', { name: 'Listen' }).waitFor();
    await page.getByRole('button', { name: 'Audio Library' }).waitFor();
    const status = page.locator('section', { has: page.getByRole('heading', { name: 'Subscription Status' }) });
    await status.getByText('PREMIUM', { exact: true }).waitFor();
    assert.equal(await status.getByText('Upgrade your intelligence').count(), 0);
    await page.getByRole('heading', { name: /Data-center brief for 2026-11-2/ }).waitFor();
    const stats = page.locator('section', { has: page.getByRole('heading', { name: 'Stats', exact: true }) });
    await stats.getByText('508', { exact: true }).waitFor(); // 4 digests x 127 sources
    await stats.getByText('3h', { exact: true }).waitFor(); // floor(4 x 0.75)
    await context.close();
  });

  test('dashboard: saved preferences come back after a reload', async () => {
    const email = 'prefs@dc-ops.example';
    await signInInBrowser(ts, browser, email).then(({ context }) => context.close());
    await setSubscription(ts.orm, email, 'premium', 'active');
    const { context, page } = await signInInBrowser(ts, browser, email, { timezoneId: 'Asia/Singapore' });
    await page.goto(`${ts.url}/dashboard`);
    await page.getByRole('switch', { name: 'Breaking News Alerts' }).click();
    await page.getByRole('radio', { name: '8:00 AM' }).click();
    await page.getByRole('radio', { name: 'Detailed' }).click();
    await page.getByRole('switch', { name: 'Regulations' }).click();
    await page.getByRole('radio', { name: 'Conversational' }).click();
    await page.getByRole('radio', { name: '1.5x' }).click();
    await page.getByLabel('Time zone').selectOption('America/New_York');
    await page.getByRole('textbox', { name: 'Additional Notes' }).fill('Liquid cooling in the Nordics');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Your email preferences have been saved.', { exact: true }).first().waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Email Preferences' }).waitFor();
    assert.equal(await page.getByRole('switch', { name: 'Breaking News Alerts' }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByRole('radio', { name: '8:00 AM' }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByRole('radio', { name: 'Detailed' }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByRole('switch', { name: 'Regulations' }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByRole('radio', { name: 'Conversational' }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByRole('radio', { name: '1.5x' }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByLabel('Time zone').inputValue(), 'America/New_York');
    assert.equal(await page.getByRole('textbox', { name: 'Additional Notes' }).inputValue(), 'Liquid cooling in the Nordics');
    await context.close();
  });

  test('subscribe: until the payments server lands, creating the subscription fails with the Subscription Error toast', async () => {
    const { context, page } = await signInInBrowser(ts, browser, 'early@dc-ops.example');
    const stripeRequests = await routeStripeToStandIn(context);
    await page.goto(`${ts.url}/subscribe`);
    await page.getByText('Subscription Error', { exact: true }).first().waitFor();
    await page.getByText('Failed to create subscription. Please try again.', { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('radio', { name: 'Premium Intelligence' }).getAttribute('aria-checked'), 'true');
    assert.deepEqual(stripeRequests, []);
    await context.close();
  });

  test('subscribe: the Payment Element from Stripe.js (stand-in), a declined card, then success on the dashboard', async () => {
    const { context, page } = await signInInBrowser(ts, browser, 'buyer@dc-ops.example');
    const stripeRequests = await routeStripeToStandIn(context);
    // POST /api/create-subscription and GET /api/config arrive with the payments issue; until then the
    // browser answers them here with what the server will send.
    const tiers: unknown[] = [];
    await page.route('**/api/create-subscription', (route) => {
      tiers.push(route.request().postDataJSON());
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ clientSecret: 'seti_e2e_secret_123', intentType: 'setup' }) });
    });
    await page.route('**/api/config', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ stripePublishableKey: 'pk_test_e2e' }) }),
    );
    await page.goto(`${ts.url}/subscribe`);
    const cardNumber = page.getByLabel('Card number');
    await cardNumber.waitFor();
    assert.ok(stripeRequests.length >= 1, 'Stripe.js was requested on /subscribe');
    assert.deepEqual(tiers, [{ tier: 'premium' }]);
    const used = await page.evaluate(() => (window as unknown as { __stripeStandIn: { keys: string[]; elementsOptions: { clientSecret: string }[] } }).__stripeStandIn);
    assert.deepEqual(used.keys, ['pk_test_e2e'], 'the key comes from /api/config');
    assert.equal(used.elementsOptions[0]?.clientSecret, 'seti_e2e_secret_123');

    await page.getByRole('radio', { name: 'Essential' }).click();
    await cardNumber.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Subscribe to Essential' }).click();
    await page.getByText('Your card was declined.', { exact: true }).first().waitFor();
    assert.equal(tiers.length, 1, 'changing plan does not ask for a second secret (spec section 4)');

    await cardNumber.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe to Essential' }).click();
    await page.getByText('Welcome to DC Brief!', { exact: true }).first().waitFor();
    await page.waitForURL(`${ts.url}/dashboard`);
    const confirms = await page.evaluate(() => (window as unknown as { __stripeStandIn: { confirms: { kind: string; returnUrl: string }[] } }).__stripeStandIn.confirms);
    assert.deepEqual(confirms.map((c) => [c.kind, c.returnUrl]), [
      ['setup', `${ts.url}/dashboard`],
      ['setup', `${ts.url}/dashboard`],
    ]);
    await context.close();
  });
});
