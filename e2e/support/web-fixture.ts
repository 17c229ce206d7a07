import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer, type TestServerOptions } from '../../server/test/support/harness.js';
import { startStripeStandIn, TEST_PRICES, type StripeStandIn } from '../../server/test/support/stripe-stand-in.js';
import { launchBrowser } from './browser.js';
import { signInInBrowser } from './web-helpers.js';

export interface WebFixture {
  /** The real server on a loopback port, serving the built web app (web/dist) and the API. */
  readonly ts: TestServer;
  /** Debian's Chromium, headless; each context a test opens is a fresh profile. */
  readonly browser: Browser;
  /** Signs `email` in on this server the way a person does (see signInInBrowser): a new context, on '/'. */
  signIn(email: string, options?: Parameters<typeof signInInBrowser>[3]): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * The browser tests' fixture for the enclosing `describe`: a server and a browser, started before its tests
 * and closed after them. `serverOptions` is read when they start, after the `before` hooks registered
 * earlier, so it may use what those started (a Stripe stand-in's address). Read the fixture's fields inside
 * tests and hooks.
 */
export function useWebFixture(serverOptions: () => TestServerOptions = () => ({})): WebFixture {
  let ts: TestServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`the web fixture's ${what} is not started: read it inside a test or hook`);
    return value;
  };
  before(async () => {
    ts = await startTestServer(serverOptions());
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ts?.close();
  });
  return {
    get ts() {
      return started(ts, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    signIn: (email, options) => signInInBrowser(started(ts, 'server'), started(browser, 'browser'), email, options),
  };
}

/**
 * The web fixture with Stripe's API played by the stand-in (both plans' prices) and the server configured with
 * test keys for it. The stand-in starts before the server and stops after it, since the server talks to it.
 */
export function useWebFixtureWithStripe(webhookSecret: string): WebFixture & { readonly stripe: StripeStandIn } {
  let stripe: StripeStandIn | undefined;
  before(async () => {
    stripe = await startStripeStandIn({ prices: TEST_PRICES });
  });
  const web = useWebFixture(() => ({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_dcbrief',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_dcbrief',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe!.url,
    },
  }));
  // Registered after the fixture's own `after`: the server stops before the Stripe stand-in it talks to.
  after(() => stripe?.close());
  return {
    get ts() {
      return web.ts;
    },
    get browser() {
      return web.browser;
    },
    get stripe() {
      if (!stripe) throw new Error("the web fixture's Stripe stand-in is not started: read it inside a test or hook");
      return stripe;
    },
    signIn: web.signIn,
  };
}
