import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { firstLink } from '../server/test/support/harness.js';
import { codeFrom, latestSignInMail, recipient } from '../server/test/support/users.js';
import { useWebFixture } from './support/web-fixture.js';
import { seriousAxeViolations } from './support/web-helpers.js';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

describe('sign-in in a real browser', () => {
  const web = useWebFixture();

  test('a person asks for a link, opens it from the email and lands signed in on the home page', async () => {
    const context = await web.browser.newContext({ timezoneId: 'Asia/Singapore' });
    const page = await context.newPage();
    await page.goto(`${web.ts.url}/api/login`);
    await page.getByLabel('Email address').fill('reader@dc-ops.example');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mail = (await web.ts.mailFolder()).find((m) => recipient(m) === 'reader@dc-ops.example');
    assert.ok(mail, 'the sign-in email was written');
    const link = firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/);
    await page.goto(link);
    await page.waitForURL(`${web.ts.url}/`);
    await page
      .getByText(/welcome/i)
      .first()
      .waitFor();

    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/user', { credentials: 'include' });
      return { status: res.status, body: (await res.json()) as { email: string; timezone: string } };
    });
    assert.equal(me.status, 200);
    assert.equal(me.body.email, 'reader@dc-ops.example');
    assert.equal(me.body.timezone, 'Asia/Singapore', 'the browser time zone is captured at sign-in');

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'dcb.sid');
    assert.ok(session?.httpOnly, 'session cookie is HttpOnly');
    assert.equal(session?.sameSite, 'Lax');

    // The same link a second time does not sign anyone in.
    const other = await web.browser.newContext();
    const second = await other.newPage();
    await second.goto(link);
    await second.getByRole('heading', { name: 'This link has expired' }).waitFor();
    await other.close();
    await context.close();
  });

  test('the code from the email, typed in a browser that never saw the link, signs in and comes back to the page', async () => {
    const context = await web.browser.newContext({ timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await page.goto(`${web.ts.url}/digests`);
    await page.getByRole('heading', { name: 'Sign in to see your digests' }).waitFor();
    await page.getByLabel('Email address').fill('desk@dc-ops.example');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    const field = page.getByLabel('Enter the code from the email');
    await field.waitFor();
    assert.equal(await field.getAttribute('autocomplete'), 'one-time-code');

    const code = codeFrom(await latestSignInMail(web.ts, 'desk@dc-ops.example'));
    await field.fill(code.replace(/^(\d)/, (d) => String((Number(d) + 1) % 10)));
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right. 4 tries left.' }).waitFor();

    await field.fill('');
    await field.pressSequentially(code.replace(' ', ''));
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await page.getByText('Signed in', { exact: true }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('Digests'));
    assert.equal(new URL(page.url()).pathname, '/digests', 'back on the page that asked (next=)');

    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/user', { credentials: 'include' });
      return { status: res.status, body: (await res.json()) as { email: string; timezone: string } };
    });
    assert.equal(me.status, 200);
    assert.equal(me.body.email, 'desk@dc-ops.example');
    assert.equal(me.body.timezone, 'Europe/Berlin');
    const session = (await context.cookies()).find((c) => c.name === 'dcb.sid');
    assert.ok(session?.httpOnly, 'the same HttpOnly session cookie as the link gives');
    await context.close();
  });

  /** axe, no wider than the window, and a screenshot in screenshots/ (git-ignored) for a person to look at. */
  async function check(page: Page, name: string, width: number) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    assert.deepEqual(await seriousAxeViolations(page), [], `${name} at ${width}px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${name} at ${width}px is ${overflow}px wider than the window`);
  }

  for (const width of [375, 1280]) {
    test(`the code step passes axe at ${width}px, in the app's dialog and on the server's page, with a refused code`, async () => {
      const context = await web.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${web.ts.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to DC Brief' });
      await dialog.getByLabel('Email address').fill(`axe-code-${width}@dc-ops.example`);
      await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
      const field = dialog.getByLabel('Enter the code from the email');
      await field.waitFor();
      await page.waitForTimeout(300);
      await check(page, 'sign-in-code-dialog', width);
      await field.fill('1234 5678');
      await dialog.getByRole('button', { name: 'Sign in with code' }).click();
      await dialog.getByRole('alert').waitFor();
      await check(page, 'sign-in-code-dialog-refused', width);

      await page.goto(`${web.ts.url}/api/login`);
      await page.getByLabel('Email address').fill(`axe-page-${width}@dc-ops.example`);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await check(page, 'sign-in-code-page', width);
      await page.getByLabel('Enter the code from the email').fill('1234 5678');
      await page.getByRole('button', { name: 'Sign in with code' }).click();
      await page.getByRole('alert').waitFor();
      await check(page, 'sign-in-code-page-refused', width);
      await context.close();
    });
  }
});
