import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { firstLink } from '../server/test/support/harness.js';
import { addDigests, digestStory, setSubscription } from '../server/test/support/fixtures.js';
import { recipient } from '../server/test/support/users.js';
import { useWebFixture } from './support/web-fixture.js';
import { assertTitle, seriousAxeViolations } from './support/web-helpers.js';

// Phone and desktop: the header menu, the time-zone picker, the way back in to a digest from an email, the
// toast after Sign Out, the unsaved-changes question and the archive's marked search results, in the built
// (Preact) app against the real server, at 375 and 1280 px. Screenshots go to screenshots/ for a person to see.
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');
const WIDTHS = [375, 1280] as const;
const READER = 'screens@dc-ops.example';

async function shot(page: Page, name: string, width: number, fullPage = false) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage });
}

async function noSeriousAxe(page: Page, what: string) {
  assert.deepEqual(await seriousAxeViolations(page), [], what);
}

describe('phone and desktop screens', () => {
  const web = useWebFixture();
  let digestId = '';
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await web.signIn(READER).then(({ context }) => context.close());
    await setSubscription(web.ts.orm, READER, 'basic', 'active');
    const digests = await addDigests(web.ts.orm, READER, ['2026-11-20', '2026-11-21'], (date) =>
      date === '2026-11-21'
        ? [digestStory('Equinix opens 20 MW Frankfurt campus', { corroboration: 3 })]
        : [digestStory('Liquid cooling retrofit cuts PUE to 1.18 in Oslo')],
    );
    digestId = digests.find((d) => d.date === '2026-11-21')!.id;
  });

  for (const width of WIDTHS) {
    test(`header at ${width}px: the archive in the navigation; below 640 px a menu that works by keyboard`, async () => {
      const { context, page } = await web.signIn(READER, { viewport: { width, height: 800 } });
      await page.goto(`${web.ts.url}/digests`);
      await page.getByRole('heading', { name: 'Your digests' }).waitFor();
      await assertTitle(page, 'Digests · DC Brief');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const menuButton = nav.getByRole('button', { name: 'Menu' });
      if (width >= 640) {
        assert.equal(await menuButton.isVisible(), false);
        for (const name of ['Home', 'Dashboard', 'Digests', 'Entities', 'Plans', 'Sign Out'])
          assert.ok(await nav.getByRole('link', { name }).isVisible(), name);
        await shot(page, 'header', width);
      } else {
        assert.equal(await nav.getByRole('link', { name: 'Sign Out' }).isVisible(), false, 'Sign Out sits in the menu');
        const box = (await menuButton.boundingBox())!;
        assert.ok(box.height >= 44, `menu button ${box.height}px high`);
        await menuButton.focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('menu');
        await menu.waitFor();
        assert.deepEqual(await menu.getByRole('menuitem').allTextContents(), [
          'Home',
          'Dashboard',
          'Digests',
          'Entities',
          'Plans',
          'Sign Out',
        ]);
        for (const item of await menu.getByRole('menuitem').all())
          assert.ok((await item.boundingBox())!.height >= 44, 'menu rows are 44 px');
        await noSeriousAxe(page, 'open menu');
        await shot(page, 'header-menu-open', width);
        // The menu takes focus once it has opened (its first row); the keys act from there.
        await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
        await page.keyboard.press('ArrowDown');
        // Each key acts once the menu has moved to its row (a loaded machine lags behind the keys).
        await page.waitForFunction(() => document.activeElement?.textContent === 'Dashboard');
        await page.keyboard.press('Enter');
        await page.waitForURL(`${web.ts.url}/dashboard`);
        await page.getByRole('heading', { name: 'Dashboard & Preferences' }).waitFor();
        assert.equal(await page.getByRole('menu').count(), 0, 'the menu closes after a choice');
      }
      await context.close();
    });

    test(`time-zone picker at ${width}px: searchable, the browser's zone first, 44 px rows, saved`, async () => {
      const { context, page } = await web.signIn(READER, { viewport: { width, height: 800 }, timezoneId: 'Asia/Singapore' });
      await page.goto(`${web.ts.url}/dashboard`);
      const trigger = page.getByRole('combobox', { name: 'Time zone', exact: true });
      await trigger.waitFor();
      assert.ok((await trigger.boundingBox())!.height >= 44, 'the picker is a 44 px touch target');
      await trigger.click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      assert.match((await options.first().textContent()) ?? '', /Singapore · Asia\s*UTC\+08:00/);
      assert.ok((await options.first().boundingBox())!.height >= 44, 'rows are 44 px');
      assert.ok((await options.count()) > 300, 'every zone is there');
      await noSeriousAxe(page, 'open time-zone picker');
      await shot(page, 'timezone-picker-open', width);
      await page.getByRole('combobox', { name: 'Search time zones' }).fill('lisbon');
      await page.waitForFunction(() => document.querySelectorAll('[role="option"]').length === 1);
      await page.locator('[role="option"][aria-selected="true"]').getByText('Lisbon').waitFor();
      await shot(page, 'timezone-picker-search', width);
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      assert.match((await trigger.textContent()) ?? '', /Lisbon · Europe/);
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await page.getByText('Your email preferences have been saved.', { exact: true }).first().waitFor();
      await page.reload();
      await page.getByRole('combobox', { name: 'Time zone', exact: true }).waitFor();
      assert.match((await page.getByRole('combobox', { name: 'Time zone', exact: true }).textContent()) ?? '', /Lisbon · Europe/);
      await context.close();
    });

    test(`signed out at ${width}px, "Read it in your browser" signs in and lands on that digest`, async () => {
      const context = await web.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${web.ts.url}/digests/${digestId}`);
      await page.getByRole('heading', { name: 'Sign in to read this digest' }).waitFor();
      await assertTitle(page, 'Sign in to read this digest · DC Brief');
      await noSeriousAxe(page, 'sign-in card');
      await shot(page, 'digest-signed-out', width);
      const before = (await web.ts.mailFolder()).length;
      await page.getByLabel('Email address').fill(READER);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await page.getByText('Check your email').waitFor();
      const mail = (await web.ts.mailFolder()).slice(before).find((m) => recipient(m) === READER);
      assert.ok(mail, 'a sign-in email');
      const link = firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/);
      assert.equal(new URL(link).searchParams.get('next'), `/digests/${digestId}`);
      await page.goto(link);
      await page.waitForURL(`${web.ts.url}/digests/${digestId}`);
      await page.getByRole('heading', { level: 1, name: 'Data-center brief for 2026-11-21' }).waitFor();
      await assertTitle(page, 'Data-center brief for 2026-11-21 · DC Brief');
      await context.close();
    });

    test(`landing at ${width}px: "Already a subscriber? Sign in" in the waitlist dialog, and the toast after Sign Out`, async () => {
      const { context, page } = await web.signIn(READER, { viewport: { width, height: 800 } });
      if (width < 640) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      } else {
        await page.getByRole('link', { name: 'Sign Out' }).click();
      }
      await page.getByText('You have signed out of DC Brief on this device.').first().waitFor();
      assert.equal(new URL(page.url()).search, '', 'the marker leaves the address');
      await shot(page, 'signed-out-toast', width);

      await page.getByRole('button', { name: 'Sign In' }).click();
      const waitlist = page.getByRole('dialog', { name: 'Join the DC Brief waitlist' });
      await waitlist.getByRole('button', { name: 'Sign in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to DC Brief' });
      await dialog.waitFor();
      await page.waitForTimeout(200);
      await noSeriousAxe(page, 'sign-in dialog');
      await shot(page, 'sign-in-dialog', width);
      await dialog.getByLabel('Email address').fill(READER);
      await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await dialog.getByText('Check your email').waitFor();
      await shot(page, 'sign-in-dialog-sent', width);
      await context.close();
    });

    test(`dashboard and archive at ${width}px: unsaved changes ask first; stars after reload; marked search results`, async () => {
      const { context, page } = await web.signIn(READER, { viewport: { width, height: 800 } });
      await page.goto(`${web.ts.url}/dashboard`);
      await page.getByRole('switch', { name: 'Regulations' }).click();
      await page.getByRole('link', { name: 'Back to home' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await ask.waitFor();
      await shot(page, 'unsaved-changes', width);
      await ask.getByRole('button', { name: 'Stay on this page' }).click();
      assert.equal(new URL(page.url()).pathname, '/dashboard');
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
      await page.waitForURL(`${web.ts.url}/`);

      await page.goto(`${web.ts.url}/digests/${digestId}`);
      await page.getByRole('button', { name: '4 of 5' }).click();
      await page.getByText('Thank you: your rating tunes what we send you.').waitFor();
      await page.reload();
      await page.getByText('You rated this brief 4 of 5. Tap a star to change it.').waitFor();
      assert.equal(await page.getByRole('button', { name: '4 of 5' }).getAttribute('aria-pressed'), 'true');
      await shot(page, 'digest-rated', width, true);

      await page.goto(`${web.ts.url}/`);
      const activity = page.getByRole('link', { name: 'Data-center brief for 2026-11-21' }).last();
      await activity.waitFor();
      await shot(page, 'home-recent-activity', width, true);

      await page.goto(`${web.ts.url}/digests`);
      await page.getByLabel('Search your digests').fill('frankfurt campus');
      await page.getByText('1 digest matches “frankfurt campus”').waitFor();
      const marks = await page.locator('[data-testid="search-match"] mark').allTextContents();
      assert.deepEqual(marks, ['Frankfurt', 'campus']);
      await shot(page, 'digests-search', width);
      await context.close();
    });
  }
});
