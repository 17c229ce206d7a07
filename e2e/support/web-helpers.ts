import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { firstLink, type TestServer } from '../../server/test/support/harness.js';
import { recipient } from '../../server/test/support/users.js';

const STAND_IN = readFileSync(path.join(import.meta.dirname, 'web-stripe-stand-in.js'), 'utf8');

/** The time zone of the browser a test signs in with, unless it names another: dates on the page are its days. */
export const BROWSER_TIME_ZONE = 'Europe/Lisbon';

/** Signs `email` in the way a person does: the sign-in page, the email, the link. Returns a page on '/'. */
export async function signInInBrowser(
  ts: TestServer,
  browser: Browser,
  email: string,
  options: { timezoneId?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    timezoneId: options.timezoneId ?? BROWSER_TIME_ZONE,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const before = (await ts.mailFolder()).length;
  await page.goto(`${ts.url}/api/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const mail = (await ts.mailFolder()).slice(before).find((m) => recipient(m) === email.toLowerCase());
  if (!mail) throw new Error(`no sign-in email for ${email}`);
  await page.goto(firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/));
  await page.waitForURL(`${ts.url}/`);
  return { context, page };
}

/** Serves the Stripe.js stand-in wherever the page asks js.stripe.com for Stripe.js; records every Stripe request. */
export async function routeStripeToStandIn(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route('https://js.stripe.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: STAND_IN });
  });
  return requested;
}

/**
 * Stripe.js unreachable (offline, or a blocker refusing js.stripe.com): every request for it fails as a
 * network error until `reachable()`; from then on the stand-in is served. Records every Stripe.js request.
 */
export async function routeStripeWithOutage(context: BrowserContext): Promise<{ requested: string[]; reachable: () => void }> {
  const requested: string[] = [];
  let down = true;
  await context.route('https://js.stripe.com/**', (route) => {
    requested.push(route.request().url());
    if (down) return route.abort('internetdisconnected');
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: STAND_IN });
  });
  return { requested, reachable: () => void (down = false) };
}

/**
 * Sends the browser's calls to https://api.stripe.com (what Stripe.js does when the Payment Element is
 * submitted) to the local Stripe API stand-in the server also talks to, with the CORS answer Stripe gives.
 */
export async function routeStripeApiTo(context: BrowserContext, standInUrl: string): Promise<void> {
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-allow-methods': 'GET, POST',
  };
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const url = new URL(request.url());
    const response = await route.fetch({ url: `${standInUrl}${url.pathname}${url.search}` });
    return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
  });
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<{ id: string; impact: string; help: string; targets: string[] }[]> {
  const require = createRequire(path.join(import.meta.dirname, '../../web/package.json'));
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/**
 * Asserts the document's title once the page has set it: a screen sets its title in an effect after it renders,
 * so the title read the moment its heading shows may still be the one before. Waits up to 5 s.
 */
export async function assertTitle(page: Page, expected: string): Promise<void> {
  await page.waitForFunction((t) => document.title === t, expected, { timeout: 5_000 }).catch(() => undefined);
  assert.equal(await page.title(), expected);
}
