import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { addDigests, setSubscription } from '../server/test/support/fixtures.js';
import { useWebFixture } from './support/web-fixture.js';
import { routeStripeToStandIn, seriousAxeViolations } from './support/web-helpers.js';

// axe-core on every screen (no serious or critical violation) and nothing wider than the window, at phone and
// desktop widths; each screen is also saved as a screenshot in screenshots/ (git-ignored) for a person to
// look at. Stripe.js is requested on /subscribe and nowhere else.
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');
const WIDTHS = [375, 1280];
const FREE = 'free-axe@dc-ops.example';

describe('every screen passes axe at 375 and 1280 px', () => {
  const web = useWebFixture();
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const email = 'axe@dc-ops.example';
    await web.signIn(email).then(({ context }) => context.close());
    await setSubscription(web.ts.orm, email, 'premium', 'active');
    await addDigests(web.ts.orm, email, ['2026-11-20', '2026-11-21']);
    await web.signIn(FREE).then(({ context }) => context.close());
  });

  async function check(page: Page, name: string, width: number) {
    const violations = await seriousAxeViolations(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    assert.deepEqual(violations, [], `${name} at ${width}px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${name} at ${width}px is ${overflow}px wider than the window`);
    // Cumulative layout shift since the page loaded (Chromium's layout-shift entries), below "good" (0.1).
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
              if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 100);
        }),
    );
    assert.ok(shift < 0.1, `${name} at ${width}px shifts its layout while loading (CLS ${shift.toFixed(3)})`);
  }

  for (const width of WIDTHS) {
    test(`visitor screens at ${width}px`, async () => {
      const context = await web.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${web.ts.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await check(page, 'landing', width);
      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
      await check(page, 'waitlist-dialog', width);
      await page.goto(`${web.ts.url}/missing-page`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await check(page, 'not-found', width);
      await context.close();
    });

    test(`signed-in screens at ${width}px`, async () => {
      const { context, page } = await web.signIn('axe@dc-ops.example', { viewport: { width, height: 900 } });
      const stripeJs = await routeStripeToStandIn(context);
      await page.getByRole('button', { name: 'Listen' }).waitFor();
      await page.getByRole('heading', { name: /Data-center brief/ }).waitFor();
      await check(page, 'home-premium', width);
      await page.goto(`${web.ts.url}/dashboard`);
      await page.getByRole('heading', { name: 'Audio Intelligence Settings' }).waitFor();
      await check(page, 'dashboard-premium', width);
      await page.goto(`${web.ts.url}/digests`);
      await page
        .getByRole('link', { name: /Data-center brief/ })
        .first()
        .waitFor();
      await check(page, 'digests', width);
      await page
        .getByRole('link', { name: /Data-center brief/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: /Data-center brief/ }).waitFor();
      await check(page, 'digest', width);
      assert.deepEqual(stripeJs, [], 'no page but /subscribe requests Stripe.js');
      await page.route('**/api/create-subscription', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ clientSecret: 'seti_axe_secret', intentType: 'setup' }),
        }),
      );
      await page.route('**/api/config', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ stripePublishableKey: 'pk_test_axe' }) }),
      );
      await page.goto(`${web.ts.url}/subscribe`);
      await page.getByLabel('Card number').waitFor();
      await check(page, 'subscribe', width);
      assert.ok(stripeJs.length >= 1, '/subscribe requests Stripe.js');
      await context.close();
    });

    test(`a free subscriber's screens at ${width}px`, async () => {
      const { context, page } = await web.signIn(FREE, { viewport: { width, height: 900 } });
      const stripeJs = await routeStripeToStandIn(context);
      await page.getByText('Your first digest arrives tomorrow at 6:00 AM', { exact: false }).waitFor();
      await check(page, 'home-free', width);
      await page.goto(`${web.ts.url}/dashboard`);
      await page.getByRole('heading', { name: 'Email Preferences' }).waitFor();
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await page.getByText('Your email preferences have been saved.').first().waitFor();
      await check(page, 'dashboard-free-toast', width);
      assert.deepEqual(stripeJs, [], 'no page but /subscribe requests Stripe.js');
      await context.close();
    });
  }
});
