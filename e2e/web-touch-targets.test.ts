import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { FliteSynthesizer } from '../server/src/audio/tts/flite.js';
import { emailLinkPage } from '../server/src/delivery/pages.js';
import { prepareEpisodes } from '../server/test/audio/fixtures.js';
import { addDigests, digestStory, setSubscription } from '../server/test/support/fixtures.js';
import { useWebFixture } from './support/web-fixture.js';

// Every control a finger can reach on a phone (375 px) is at least 44 x 44 px (WCAG 2.5.5, Apple's and
// Android's minimum): buttons, switches, radios, the rating stars, form fields and links that stand alone.
// A link inside a sentence is exempt, as WCAG exempts it (its line is the target, and it flows with the text).
const MIN = 44;
const PHONE = { width: 375, height: 812 };
const READER = 'thumbs@dc-ops.example';
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

async function shot(page: Page, name: string, width: number) {
  await page.screenshot({ path: path.join(SHOTS, `touch-${name}-${width}.png`), fullPage: true });
}

interface Offender {
  what: string;
  width: number;
  height: number;
}

/**
 * The page's visible controls smaller than MIN in either direction, named by role and text. Plain JavaScript
 * source: the test runner's transform would name functions with a helper the page does not have.
 */
const SCAN = `(() => {
  const min = ${MIN};
  const selector = 'a[href],button,input:not([type="hidden"]),select,textarea,summary,[role="button"],[role="switch"],' +
    '[role="radio"],[role="checkbox"],[role="combobox"],[role="tab"],[role="menuitem"],[role="option"]';
  // A link inside running text: inline, with words of its own block around it.
  function inSentence(el) {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement;
    if (!block) return false;
    const own = (el.textContent || '').trim();
    return (block.textContent || '').replace(own, '').trim().length > 0;
  }
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    // A visually hidden native input beside a custom control (Radix renders one for forms).
    if (el.tagName === 'INPUT' && (el.getAttribute('aria-hidden') === 'true' || style.opacity === '0')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (inSentence(el)) continue;
    // The target is the control or the label that wraps it (a label's click acts on its control).
    const label = el.closest('label');
    const target = label ? label.getBoundingClientRect() : box;
    const width = Math.max(box.width, target.width);
    const height = Math.max(box.height, target.height);
    if (width + 0.5 >= min && height + 0.5 >= min) continue;
    const role = el.getAttribute('role') || el.tagName.toLowerCase();
    const name = el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 40);
    out.push({ what: role + ' "' + name + '"', width: Math.round(width), height: Math.round(height) });
  }
  return out;
})()`;

async function smallTargets(page: Page): Promise<Offender[]> {
  return (await page.evaluate(SCAN)) as Offender[];
}

describe('touch targets on a phone', () => {
  const web = useWebFixture();
  const flite = new FliteSynthesizer({ workers: 1 });
  after(() => flite.close());
  let digestId = '';
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await web.signIn(READER).then(({ context }) => context.close());
    await setSubscription(web.ts.orm, READER, 'premium', 'active');
    // Audio is prepared for digests of the last days on the server's clock: the two days before its today.
    const today = Date.parse(web.ts.clock.now().toISOString().slice(0, 10));
    const days = [2, 1].map((n) => new Date(today - n * 24 * 3600_000).toISOString().slice(0, 10));
    const digests = await addDigests(web.ts.orm, READER, days, (date) => [
      digestStory(`Cooling retrofit in Oslo on ${date}`, { corroboration: 2 }),
    ]);
    digestId = digests.at(-1)!.id;
    assert.ok((await prepareEpisodes(web.ts, flite)).ready >= 1);
  });

  test('signed out: the landing page, its waitlist dialog and the 404 screen', async () => {
    const context = await web.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${web.ts.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.deepEqual(await smallTargets(page), [], 'landing page');
    await shot(page, 'landing', PHONE.width);
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(await smallTargets(page), [], 'waitlist dialog');
    await page.screenshot({ path: path.join(SHOTS, `touch-waitlist-dialog-${PHONE.width}.png`) });
    await page.goto(`${web.ts.url}/no-such-page`);
    await page.getByText('404').first().waitFor();
    assert.deepEqual(await smallTargets(page), [], '404 screen');
    await context.close();
  });

  test('signed in: home, dashboard, the archive, a digest with its rating stars, and the plans', async () => {
    const { context, page } = await web.signIn(READER, { viewport: PHONE });
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await page.getByRole('button', { name: 'Listen' }).waitFor();
    assert.deepEqual(await smallTargets(page), [], 'home');

    await page.goto(`${web.ts.url}/dashboard`);
    await page.getByRole('heading', { name: 'Email Preferences' }).waitFor();
    assert.deepEqual(await smallTargets(page), [], 'dashboard');
    await shot(page, 'dashboard', PHONE.width);

    await page.goto(`${web.ts.url}/digests`);
    await page.getByRole('heading', { name: 'Your digests' }).waitFor();
    assert.deepEqual(await smallTargets(page), [], 'digest archive');

    await page.goto(`${web.ts.url}/digests/${digestId}`);
    const stars = page.getByRole('group', { name: 'Rate this brief from 1 to 5' }).getByRole('button');
    await stars.first().waitFor();
    for (const star of await stars.all()) {
      const box = (await star.boundingBox())!;
      assert.ok(box.width >= MIN && box.height >= MIN, `a rating star is ${box.width} x ${box.height} px`);
    }
    assert.deepEqual(await smallTargets(page), [], 'digest');
    await shot(page, 'digest', PHONE.width);

    await page.goto(`${web.ts.url}/audio`);
    await page
      .getByRole('link', { name: /^Download / })
      .first()
      .waitFor();
    assert.deepEqual(await smallTargets(page), [], 'Audio Library');
    await page
      .getByRole('button', { name: /^Play / })
      .first()
      .click();
    await page.getByRole('region', { name: 'Audio player' }).getByRole('button', { name: 'Pause' }).waitFor();
    assert.deepEqual(await smallTargets(page), [], 'Audio Library with the player bar');
    await shot(page, 'audio-library', PHONE.width);

    await page.goto(`${web.ts.url}/subscribe`);
    await page.getByRole('heading', { name: 'Choose your intelligence level' }).waitFor();
    assert.deepEqual(await smallTargets(page), [], 'plans');
    await shot(page, 'plans', PHONE.width);
    await context.close();
  });

  test("the email links' pages (unsubscribe, rating): their button and links", async () => {
    const context = await web.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.setContent(
      emailLinkPage('You are unsubscribed', ['Email delivery has stopped.'], {
        post: { action: '/api/email/rate', label: 'Record my rating' },
        links: [
          { href: '/dashboard#billing', label: 'Cancel your plan in Manage billing' },
          { href: '/', label: 'Open DC Brief' },
        ],
      }),
    );
    assert.deepEqual(await smallTargets(page), []);
    await context.close();
  });

  test('with a mouse at 1280 px the desktop keeps its denser sizes', async () => {
    const { context, page } = await web.signIn(READER, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${web.ts.url}/dashboard`);
    await page.getByRole('heading', { name: 'Email Preferences' }).waitFor();
    const small = (await page.getByRole('button', { name: 'Sign out of all devices' }).boundingBox())!;
    assert.equal(Math.round(small.height), 32, 'a small button is 32 px with a mouse');
    const toggle = (await page.getByRole('switch').first().boundingBox())!;
    assert.equal(Math.round(toggle.height), 24, 'a switch is its 24 px track with a mouse');
    await shot(page, 'dashboard', 1280);
    await page.goto(`${web.ts.url}/subscribe`);
    await page.getByRole('heading', { name: 'Choose your intelligence level' }).waitFor();
    await shot(page, 'plans', 1280);
    await context.close();
    const visitor = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const landing = await visitor.newPage();
    await landing.goto(`${web.ts.url}/`);
    await landing.getByRole('heading', { level: 1 }).waitFor();
    await shot(landing, 'landing', 1280);
    await visitor.close();
  });
});
