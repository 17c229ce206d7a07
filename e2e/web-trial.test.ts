import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { TRIAL_DAYS } from '@dcbrief/shared';
import { User } from '../server/src/modules/users/user.entity.js';
import { useWebFixtureWithStripe } from './support/web-fixture.js';
import { BROWSER_TIME_ZONE, routeStripeApiTo, routeStripeToStandIn } from './support/web-helpers.js';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots');
const WIDTHS = [375, 1280] as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A day as the page writes it: in the browser's time zone, not this process's (`npm run test:dates` moves the latter). */
const shortDay = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: BROWSER_TIME_ZONE });

/**
 * The card-free trial as a subscriber sees it (docs/decisions/008), on a phone and on a desktop: a new trial,
 * its last days, its end, and a trial converted with a card. Each screen is saved in screenshots/ to look at.
 */
describe('the free trial in the web app', () => {
  before(() => mkdirSync(SHOTS, { recursive: true }));
  const web = useWebFixtureWithStripe('whsec_test_e2e_trial');

  const trialEndOf = async (email: string) => (await web.ts.orm.em.fork().findOneOrFail(User, { email })).trialEndsAt!;
  const shot = (page: Page, name: string, width: number) =>
    page.screenshot({ path: path.join(SHOTS, `trial-${name}-${width}.png`), fullPage: true });
  const notice = (page: Page) => page.locator('section[data-trial-state]');

  for (const width of WIDTHS) {
    test(`${width} px: a new trial says how long it runs, that no card is needed, and offers the plans`, async () => {
      const email = `new-${width}@trial.example`;
      const { context, page } = await web.signIn(email, { viewport: { width, height: 900 } });
      const endsAt = await trialEndOf(email);
      await notice(page)
        .getByRole('heading', { name: `Free trial: ${TRIAL_DAYS} days left` })
        .waitFor();
      assert.equal(await notice(page).getAttribute('data-trial-state'), 'running');
      await notice(page)
        .getByText(`until ${shortDay(endsAt)}. No card on file, so nothing will be charged.`, { exact: false })
        .waitFor();
      const status = page.locator('section', { has: page.getByRole('heading', { name: 'Subscription Status' }) });
      await status.getByText('Free trial', { exact: true }).waitFor();
      await status.getByText('Upgrade your intelligence').waitFor();
      await shot(page, 'new-home', width);

      await page.goto(`${web.ts.url}/dashboard`);
      const account = page.locator('section', { has: page.getByRole('heading', { name: 'Account Information' }) });
      await account.getByText(`Free trial of Essential until ${shortDay(endsAt)}. No card on file: nothing will be charged.`).waitFor();
      assert.equal(await account.getByRole('button', { name: 'Manage billing' }).count(), 0, 'no billing account to manage yet');
      await page.getByRole('heading', { name: 'Upgrade to Premium' }).waitFor();
      await shot(page, 'new-dashboard', width);
      await context.close();
    });

    test(`${width} px: three days before the end, what happens then and how to keep the digests`, async () => {
      const email = `ending-${width}@trial.example`;
      await web.signIn(email).then(({ context }) => context.close());
      const endsAt = new Date(Date.now() + 3 * DAY - HOUR);
      await web.ts.orm.em.fork().nativeUpdate(User, { email }, { trialEndsAt: endsAt });
      const { context, page } = await web.signIn(email, { viewport: { width, height: 900 } });
      await notice(page)
        .getByRole('heading', { name: `Your free trial ends in 3 days, on ${shortDay(endsAt)}` })
        .waitFor();
      assert.equal(await notice(page).getAttribute('data-trial-state'), 'ending');
      await notice(page).getByText('Then your digests stop and nothing is charged.', { exact: false }).waitFor();
      await notice(page).getByRole('link', { name: 'Keep my digests' }).waitFor();
      await shot(page, 'ending-home', width);

      // The subscribe page: the remaining days carried into the order summary, the terms by the button.
      await routeStripeToStandIn(context);
      await routeStripeApiTo(context, web.stripe.url);
      await notice(page).getByRole('link', { name: 'Keep my digests' }).click();
      await page.waitForURL(`${web.ts.url}/subscribe`);
      await page.getByText(/^Your free trial has 3 days left\. Subscribe now and you pay nothing until/).waitFor();
      const stripeEnd = new Date(Math.floor(endsAt.getTime() / 1000) * 1000);
      await page
        .getByTestId('order-summary')
        .filter({ hasText: `Today: $0. From ${shortDay(stripeEnd)}: $79 per month. Cancel anytime.` })
        .waitFor();
      await page.getByText(`3 days of free trial left: nothing is charged before ${shortDay(stripeEnd)}.`).waitFor();
      await page
        .getByText(`allow DC Brief to charge your card $79 per month from ${shortDay(stripeEnd)} until you cancel`, { exact: false })
        .waitFor();
      await page.getByRole('button', { name: 'Subscribe to Premium' }).waitFor();
      // The plan's own price: Essential's summary says $29.
      await page.getByRole('radio', { name: /Essential/ }).click();
      await page.getByTestId('order-summary').filter({ hasText: '$29 per month' }).waitFor();
      await page.getByRole('radio', { name: /Premium Intelligence/ }).click();
      await page.getByTestId('order-summary').filter({ hasText: '$79 per month' }).waitFor();
      await shot(page, 'ending-subscribe', width);
      await context.close();
    });

    test(`${width} px: after the end the home page says the digests stopped and nothing was charged`, async () => {
      const email = `ended-${width}@trial.example`;
      await web.signIn(email).then(({ context }) => context.close());
      const endedAt = new Date(Date.now() - HOUR);
      await web.ts.orm.em.fork().nativeUpdate(User, { email }, { trialEndsAt: endedAt });
      const { context, page } = await web.signIn(email, { viewport: { width, height: 900 } });
      await notice(page)
        .getByRole('heading', { name: `Your free trial ended on ${shortDay(endedAt)}` })
        .waitFor();
      await notice(page).getByText('Your digests have stopped, and nothing was charged.', { exact: false }).waitFor();
      await page.getByText('No digest is on its way: your free trial has ended.').waitFor();
      const status = page.locator('section', { has: page.getByRole('heading', { name: 'Subscription Status' }) });
      await status.getByText('FREE', { exact: true }).waitFor();
      await status.getByText('Trial ended', { exact: true }).waitFor();
      await shot(page, 'ended-home', width);
      await context.close();
    });

    test(`${width} px: converted during the trial, the dashboard shows the trial end as the first charge, with Manage billing`, async () => {
      const email = `converted-${width}@trial.example`;
      const { context, page } = await web.signIn(email, { viewport: { width, height: 900 } });
      const endsAt = await trialEndOf(email);
      await routeStripeToStandIn(context);
      await routeStripeApiTo(context, web.stripe.url);
      await page.goto(`${web.ts.url}/subscribe`);
      await page
        .getByTestId('order-summary')
        .filter({ hasText: `Today: $0. From ${shortDay(endsAt)}: $79 per month.` })
        .waitFor();
      await shot(page, 'convert-subscribe', width);
      await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
      await page.waitForURL(`${web.ts.url}/dashboard`);
      const account = page.locator('section', { has: page.getByRole('heading', { name: 'Account Information' }) });
      await account.getByText('PREMIUM', { exact: true }).waitFor();
      await account.getByText(`Free trial until ${shortDay(endsAt)}. Next charge: $79 on ${shortDay(endsAt)}.`).waitFor();
      await account.getByRole('button', { name: 'Manage billing' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Upgrade to Premium' }).count(), 0);
      await shot(page, 'converted-dashboard', width);
      await page.goto(`${web.ts.url}/`);
      await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
      assert.equal(await notice(page).count(), 0, 'a converted trial is a subscription: no trial notice');
      await context.close();
    });
  }
});
