import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { User } from '../server/src/modules/users/user.entity.js';
import { computeStats, digestStats } from '@dcbrief/shared';
import { addDigests, digestStory, setSubscription } from '../server/test/support/fixtures.js';
import { startTestServer } from '../server/test/support/harness.js';
import { useWebFixtureWithStripe } from './support/web-fixture.js';
import { routeStripeApiTo, routeStripeToStandIn, routeStripeWithOutage, signInInBrowser } from './support/web-helpers.js';

const WEBHOOK_SECRET = 'whsec_test_e2e';
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(SHOTS, { recursive: true });

// Signed-in screens of the built web app against the real server, users signed in by magic link.
describe('web app for subscribers', () => {
  const web = useWebFixtureWithStripe(WEBHOOK_SECRET);

  test('a new user signs in by magic link and sees the home page: the free trial of BASIC, the upgrade panel, no audio actions', async () => {
    const { context, page } = await web.signIn('free-reader@dc-ops.example');
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await page.getByText('Your first digest arrives tomorrow at 6:00 AM.').waitFor();
    const status = page.locator('section', { has: page.getByRole('heading', { name: 'Subscription Status' }) });
    await status.getByText('BASIC', { exact: true }).waitFor();
    await status.getByText('Free trial', { exact: true }).waitFor();
    await status.getByText('Upgrade your intelligence').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Listen' }).count(), 0);
    await context.close();
  });

  test('a premium active user sees the latest digest, real stats and the audio actions', async () => {
    const email = 'premium-reader@dc-ops.example';
    const first = await web.signIn(email);
    await first.context.close();
    await setSubscription(web.ts.orm, email, 'premium', 'active');
    // Each digest: two stories told by the same two outlets, behind each 1,800 words of source articles.
    const digests = await addDigests(web.ts.orm, email, ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'], (date) =>
      [1, 2].map((n) => digestStory(`Story ${n} of ${date}`, { sourceWords: 1800 })),
    );
    const expected = computeStats(digestStats(digests.map((d) => ({ stories: d.content!.stories }))), []);
    const { context, page } = await web.signIn(email);
    await page.getByRole('button', { name: 'Listen' }).waitFor();
    await page.getByRole('link', { name: 'Audio Library' }).waitFor();
    const status = page.locator('section', { has: page.getByRole('heading', { name: 'Subscription Status' }) });
    await status.getByText('PREMIUM', { exact: true }).waitFor();
    assert.equal(await status.getByText('Upgrade your intelligence').count(), 0);
    await page.getByRole('heading', { name: /Data-center brief for 2026-11-2/ }).waitFor();
    const stats = page.locator('section', { has: page.getByRole('heading', { name: 'Stats', exact: true }) });
    // From the stored digests (GET /api/digests/stats): two distinct outlets, not 4 x 127; hours from the sources' words.
    await stats.getByText('2', { exact: true }).waitFor();
    await stats.getByText('4', { exact: true }).waitFor();
    assert.ok(expected.hoursSaved > 0);
    await stats.getByText(`${expected.hoursSaved}h`, { exact: true }).waitFor();
    await context.close();
  });

  test('dashboard: saved preferences come back after a reload', async () => {
    const email = 'prefs@dc-ops.example';
    await web.signIn(email).then(({ context }) => context.close());
    await setSubscription(web.ts.orm, email, 'premium', 'active');
    const { context, page } = await web.signIn(email, { timezoneId: 'Asia/Singapore' });
    await page.goto(`${web.ts.url}/dashboard`);
    await page.getByRole('switch', { name: 'Breaking News Alerts' }).click();
    await page.getByRole('radio', { name: '8:00 AM' }).click();
    await page.getByRole('radio', { name: 'Detailed' }).click();
    await page.getByRole('switch', { name: 'Regulations' }).click();
    await page.getByRole('radio', { name: 'Conversational' }).click();
    await page.getByRole('radio', { name: '1.5x' }).click();
    await page.getByRole('combobox', { name: 'Time zone', exact: true }).click();
    await page.getByRole('combobox', { name: 'Search time zones' }).fill('new york');
    await page.getByRole('option', { name: /New York · America/ }).click();
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
    assert.match((await page.getByRole('combobox', { name: 'Time zone', exact: true }).textContent()) ?? '', /New York · America/);
    assert.equal(await page.getByRole('textbox', { name: 'Additional Notes' }).inputValue(), 'Liquid cooling in the Nordics');
    await context.close();
  });

  test('dashboard: Sign out of all devices ends the sessions of every browser, this one included', async () => {
    const email = 'two-laptops@dc-ops.example';
    const first = await web.signIn(email);
    const second = await web.signIn(email, { viewport: { width: 375, height: 812 } });
    await second.page.goto(`${web.ts.url}/dashboard`);
    await second.page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await second.page.waitForURL(`${web.ts.url}/`);
    for (const { page } of [first, second]) {
      assert.equal((await page.request.get(`${web.ts.url}/api/auth/user`)).status(), 401);
    }
    await first.context.close();
    await second.context.close();
  });

  for (const width of [375, 1280]) {
    test(`subscribe on a server without Stripe keys at ${width}px: the card says payments are unavailable here, no error, no Stripe.js`, async () => {
      const unpaid = await startTestServer();
      try {
        const { context, page } = await signInInBrowser(unpaid, web.browser, 'early@dc-ops.example', { viewport: { width, height: 900 } });
        const stripeRequests = await routeStripeToStandIn(context);
        await page.goto(`${unpaid.url}/subscribe`);
        const card = page.locator('[aria-labelledby="complete-subscription-title"]');
        await card.getByText(/^Payments are unavailable on this DC Brief server: its operator has not set up card payments/).waitFor();
        assert.equal(await card.getByRole('button').count(), 0, 'nothing to retry: trying again changes nothing');
        assert.equal(await page.getByText('Subscription Error', { exact: true }).count(), 0);
        assert.equal(await page.getByText(/please try again/i).count(), 0);
        assert.equal(await page.getByRole('radio', { name: 'Premium Intelligence' }).getAttribute('aria-checked'), 'true');
        assert.deepEqual(stripeRequests, []);
        await card.screenshot({ path: path.join(SHOTS, `subscribe-payments-unavailable-${width}.png`) });
        await page.screenshot({ path: path.join(SHOTS, `subscribe-payments-unavailable-page-${width}.png`), fullPage: true });
        await context.close();
      } finally {
        await unpaid.close();
      }
    });

    test(`subscribe when Stripe.js cannot load at ${width}px: the card says so with a Retry; once reachable, Retry brings the card form and it pays`, async () => {
      const { context, page } = await web.signIn(`offline-${width}@dc-ops.example`, { viewport: { width, height: 900 } });
      const outage = await routeStripeWithOutage(context);
      await routeStripeApiTo(context, web.stripe.url);
      await page.goto(`${web.ts.url}/subscribe`);
      const card = page.locator('[aria-labelledby="complete-subscription-title"]');
      await card.getByText(/^The secure card form could not load/).waitFor();
      assert.ok(outage.requested.length >= 1, 'Stripe.js was asked for');
      assert.equal(await page.getByRole('button', { name: /^Subscribe to/ }).count(), 0, 'no greyed-out button that waits forever');
      await card.screenshot({ path: path.join(SHOTS, `subscribe-stripe-js-failed-${width}.png`) });
      await page.screenshot({ path: path.join(SHOTS, `subscribe-stripe-js-failed-page-${width}.png`), fullPage: true });

      // Still blocked: Retry asks again (a new request for the script) and says so again.
      const before = outage.requested.length;
      await card.getByRole('button', { name: 'Retry' }).click();
      // loadStripe tries twice per load: wait for both to have failed before the network comes back.
      while (outage.requested.length < before + 2) await new Promise((resolve) => setTimeout(resolve, 50));
      await card.getByRole('button', { name: 'Retry' }).waitFor();
      await card.getByText(/^The secure card form could not load/).waitFor();

      outage.reachable();
      await card.getByRole('button', { name: 'Retry' }).click();
      const cardNumber = page.getByLabel('Card number');
      await cardNumber.waitFor();
      await cardNumber.fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
      await page.getByText('Welcome to DC Brief!', { exact: true }).first().waitFor();
      await page.waitForURL(`${web.ts.url}/dashboard`);
      const account = page.locator('section', { has: page.getByRole('heading', { name: 'Account Information' }) });
      await account.getByText('PREMIUM', { exact: true }).waitFor();
      await context.close();
    });
  }

  test('subscribe: Payment Element (Stripe.js stand-in), plan change, a declined card, then the dashboard shows the paid plan', async () => {
    const email = 'buyer@dc-ops.example';
    const earlier = web.stripe.calls('POST', '/v1/subscriptions').length;
    const { context, page } = await web.signIn(email);
    const stripeRequests = await routeStripeToStandIn(context);
    await routeStripeApiTo(context, web.stripe.url);
    await page.goto(`${web.ts.url}/subscribe`);
    const cardNumber = page.getByLabel('Card number');
    await cardNumber.waitFor();
    assert.ok(stripeRequests.length >= 1, 'Stripe.js was requested on /subscribe');
    const used = () =>
      page.evaluate(
        () => (window as unknown as { __stripeStandIn: { keys: string[]; elementsOptions: { clientSecret: string }[] } }).__stripeStandIn,
      );
    assert.deepEqual((await used()).keys, ['pk_test_dcbrief'], 'the key comes from /api/config');
    assert.match(
      (await used()).elementsOptions[0]!.clientSecret,
      /^seti_\w+_secret_/,
      'a trial: the server created a subscription with a SetupIntent',
    );

    // Another plan: a new secret for that plan's subscription (the premium one is dropped).
    await page.getByRole('radio', { name: 'Essential' }).click();
    await page.getByRole('button', { name: 'Subscribe to Essential' }).waitFor();
    const created = web.stripe
      .calls('POST', '/v1/subscriptions')
      .slice(earlier)
      .map((c) => (c.params.items as Array<{ price: string }>)[0]!.price);
    assert.deepEqual(created, ['price_premium_test', 'price_basic_test']);
    const [premiumSub, basicSub] = [...web.stripe.subscriptions.values()].slice(-2);
    assert.equal(premiumSub!.status, 'canceled');

    await cardNumber.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Subscribe to Essential' }).click();
    await page.getByText('Payment Failed', { exact: true }).first().waitFor();
    await page.getByText('Your card was declined.', { exact: true }).first().waitFor();

    await cardNumber.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe to Essential' }).click();
    await page.getByText('Welcome to DC Brief!', { exact: true }).first().waitFor();
    await page.waitForURL(`${web.ts.url}/dashboard`);
    assert.equal(basicSub!.default_payment_method !== null, true, 'the card is saved on the Essential subscription in Stripe');
    // The dashboard shows the paid plan at once (the server re-read the subscription from Stripe).
    const account = page.locator('section', { has: page.getByRole('heading', { name: 'Account Information' }) });
    await account.getByText('BASIC', { exact: true }).waitFor();
    await account.getByRole('button', { name: 'Manage billing' }).waitFor();
    const me = await page.evaluate(
      async () => (await (await fetch('/api/auth/user')).json()) as { subscriptionTier: string; subscriptionStatus: string },
    );
    assert.deepEqual([me.subscriptionTier, me.subscriptionStatus], ['basic', 'active']);
    await context.close();
  });
  test("a card that needs authentication returns through Stripe's redirect and the dashboard shows the plan", async () => {
    const { context, page } = await web.signIn('secure@dc-ops.example');
    await routeStripeToStandIn(context);
    await routeStripeApiTo(context, web.stripe.url);
    await page.goto(`${web.ts.url}/subscribe`);
    await page.getByLabel('Card number').fill('4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
    await page.getByText('Welcome to DC Brief!', { exact: true }).first().waitFor();
    await page.waitForURL(`${web.ts.url}/dashboard`);
    const account = page.locator('section', { has: page.getByRole('heading', { name: 'Account Information' }) });
    await account.getByText('PREMIUM', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Audio Intelligence Settings' }).waitFor();
    await context.close();
  });

  test('a subscriber: /subscribe says to manage it from the dashboard; after cancelling, coming back is charged now (no second trial)', async () => {
    const email = 'returning@dc-ops.example';
    const { context, page } = await web.signIn(email);
    await routeStripeToStandIn(context);
    await routeStripeApiTo(context, web.stripe.url);
    await page.goto(`${web.ts.url}/subscribe`);
    await page.getByText(/^Your free trial has 14 days left\. Subscribe now and you pay nothing until/).waitFor();
    await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
    await page.waitForURL(`${web.ts.url}/dashboard`);
    const account = page.locator('section', { has: page.getByRole('heading', { name: 'Account Information' }) });
    await account.getByText('PREMIUM', { exact: true }).waitFor();

    // Already subscribed: the server's reason, not "Failed to create subscription".
    await page.goto(`${web.ts.url}/subscribe`);
    await page.getByText('Subscription Error', { exact: true }).first().waitFor();
    await page.getByText('You already have a subscription. Manage it from your dashboard.', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Go to your dashboard' }).waitFor();

    // Cancelled in Stripe's customer portal: Stripe ends the subscription and sends the event.
    const { stripeSubscriptionId: first } = await web.ts.orm.em.fork().findOneOrFail(User, { email });
    const deleted = web.stripe.event(
      'customer.subscription.deleted',
      web.stripe.update(first!, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) }),
    );
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({ payload: deleted, secret: WEBHOOK_SECRET });
    const hook = await fetch(`${web.ts.url}/api/stripe/webhook`, {
      method: 'POST',
      body: deleted,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    assert.equal(hook.status, 200);
    // Cancelled during the trial, the user is back on its remaining days; here those days have run out too.
    await web.ts.orm.em.fork().nativeUpdate(User, { email }, { trialEndsAt: new Date(Date.now() - 3_600_000) });

    // Back for the same plan: a new subscription, the trial already used, so the page promises no free period.
    await page.goto(`${web.ts.url}/subscribe`);
    await page
      .getByText('You have already had your free trial, so your plan starts today and your card is charged now. You can cancel anytime.')
      .waitFor();
    assert.equal(await page.getByText('You will not be charged until it ends', { exact: false }).count(), 0);
    // The wording comes with the server's answer; Stripe.js (the stand-in) loads and mounts the Payment
    // Element with its client secret a moment later.
    const secret = await page.waitForFunction(() => {
      const standIn = (window as unknown as { __stripeStandIn?: { elementsOptions: { clientSecret: string }[] } }).__stripeStandIn;
      return standIn?.elementsOptions.at(-1)?.clientSecret;
    });
    assert.match(String(await secret.jsonValue()), /^pi_\w+_secret_/, 'money due now: a PaymentIntent');
    await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
    await page.getByText('Welcome to DC Brief!', { exact: true }).first().waitFor();
    await page.waitForURL(`${web.ts.url}/dashboard`);
    await account.getByText('PREMIUM', { exact: true }).waitFor();
    const me = await page.evaluate(
      async () => (await (await fetch('/api/auth/user')).json()) as { subscriptionTier: string; subscriptionStatus: string },
    );
    assert.deepEqual([me.subscriptionTier, me.subscriptionStatus], ['premium', 'active']);
    await context.close();
  });
});
