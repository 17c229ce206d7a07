import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { User } from '../server/src/modules/users/user.entity.js';
import { TrialClaim } from '../server/src/modules/users/trial-claim.entity.js';
import { addDigests } from '../server/test/support/fixtures.js';
import { useWebFixtureWithStripe } from './support/web-fixture.js';
import { routeStripeApiTo, routeStripeToStandIn, seriousAxeViolations } from './support/web-helpers.js';

// "Delete account" on the dashboard, in the built app against the real server and the Stripe stand-ins, on a
// phone and a desktop: a paying subscriber confirms in a dialog that names what goes; Stripe's subscription is
// cancelled, the data is gone, every session ends, and the landing page says so (docs/decisions/117).
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

describe('deleting an account from the dashboard', () => {
  before(() => mkdirSync(SHOTS, { recursive: true }));
  const web = useWebFixtureWithStripe('whsec_test_e2e_delete');

  for (const width of [375, 1280]) {
    test(`at ${width}px: a paying subscriber deletes the account; Stripe cancelled, signed out everywhere, the landing page says so`, async () => {
      const email = `leaving-${width}@dc-ops.example`;
      const other = await web.signIn(email);
      const { context, page } = await web.signIn(email, { viewport: { width, height: 900 } });
      await routeStripeToStandIn(context);
      await routeStripeApiTo(context, web.stripe.url);
      await page.goto(`${web.ts.url}/subscribe`);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
      await page.waitForURL(`${web.ts.url}/dashboard`);
      const account = page.locator('section', { has: page.getByRole('heading', { name: 'Account Information' }) });
      await account.getByText('PREMIUM', { exact: true }).waitFor();
      const { id: userId, stripeSubscriptionId } = await web.ts.orm.em.fork().findOneOrFail(User, { email });
      await addDigests(web.ts.orm, email, ['2026-11-21']);

      await account.getByRole('button', { name: 'Delete account' }).scrollIntoViewIfNeeded();
      await account.screenshot({ path: path.join(SHOTS, `delete-account-button-${width}.png`) });
      await account.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await dialog.getByText('Your subscription is cancelled at once').waitFor();
      await dialog.getByText(`Your account (${email}), its preferences and notes`).waitFor();
      assert.deepEqual(await seriousAxeViolations(page), [], 'the open dialog');
      for (const button of await dialog.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        if (width < 640) assert.ok(box.height >= 44, `${await button.textContent()} is ${box.height}px high`);
      }
      await page.screenshot({ path: path.join(SHOTS, `delete-account-dialog-${width}.png`) });

      // Keep my account first: nothing happens.
      await dialog.getByRole('button', { name: 'Keep my account' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(web.stripe.subscriptions.get(stripeSubscriptionId!)!.status, 'trialing');

      await account.getByRole('button', { name: 'Delete account' }).click();
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL(`${web.ts.url}/`);
      await page.getByText('Account deleted', { exact: true }).first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, `delete-account-done-${width}.png`) });

      assert.equal(web.stripe.subscriptions.get(stripeSubscriptionId!)!.status, 'canceled');
      assert.equal(await web.ts.orm.em.fork().count(User, { id: userId }), 0);
      assert.ok((await web.ts.orm.em.fork().count(TrialClaim, {})) >= 1, 'the trial claim stays');
      for (const p of [page, other.page]) assert.equal((await p.request.get(`${web.ts.url}/api/auth/user`)).status(), 401);
      await other.context.close();
      await context.close();
    });
  }
});
