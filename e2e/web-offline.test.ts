import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { FliteSynthesizer } from '../server/src/audio/tts/flite.js';
import { firstLink } from '../server/test/support/harness.js';
import { addDigests, digestStory, setSubscription } from '../server/test/support/fixtures.js';
import { recipient } from '../server/test/support/users.js';
import { prepareEpisodes } from '../server/test/audio/fixtures.js';
import { until } from '../server/test/support/deadline.js';
import { Feedback } from '../server/src/modules/feedback/feedback.entity.js';
import { useWebFixture, type WebFixture } from './support/web-fixture.js';

/** Every address stored in the page's Cache Storage, by cache name (the app shell's precache included). */
function storedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return out;
  });
}

/** The stored addresses that are the API's (someone's data), whatever cache holds them. */
async function storedApiAddresses(page: Page): Promise<string[]> {
  return Object.values(await storedAddresses(page))
    .flat()
    .filter((p) => p.startsWith('/api/'));
}

/** Waits until the service worker is active and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
}

function hasEpisodeList(page: Page): Promise<boolean> {
  return page.evaluate(async () => !!(await (await caches.open('dcbrief-api')).match('/api/audio/episodes')));
}

/**
 * On the Audio Library: its episode list read through the worker, which stores it (Listen finds the episode offline
 * from that copy). Chromium sometimes installs the worker a second time during the test, with the caches emptied;
 * the page is then not controlled when it first reads the list, so it reads it again once it is.
 */
async function episodeListStored(page: Page): Promise<void> {
  await controlledByServiceWorker(page);
  if (!(await hasEpisodeList(page))) await page.reload();
  await page.waitForFunction(async () => !!(await (await caches.open('dcbrief-api')).match('/api/audio/episodes')));
}

/** Signs `email` in inside an existing context (the same browser profile as the previous user), landing on '/'. */
async function signInHere(web: WebFixture, page: Page, email: string): Promise<void> {
  const before = (await web.ts.mailFolder()).length;
  await page.goto(`${web.ts.url}/api/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const mail = (await web.ts.mailFolder()).slice(before).find((m) => recipient(m) === email);
  assert.ok(mail, `a sign-in email for ${email}`);
  await page.goto(firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/));
  await page.waitForURL(`${web.ts.url}/`);
}

async function playsFor(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction((s) => {
    const el = document.querySelector('audio');
    return !!el && !el.paused && el.currentTime > s;
  }, seconds);
}

// Offline reading in the browser (docs/decisions/610): the built web app and its service worker against the real
// server; Chromium's network switched off with context.setOffline.
describe('the web app offline, through its service worker', () => {
  const web = useWebFixture();
  const flite = new FliteSynthesizer({ workers: 2 });
  after(() => flite.close());
  let context: BrowserContext | undefined;
  after(() => context?.close());

  test('read once online, the latest brief, its episode and the archive open offline with the banner; signing out leaves nothing', async () => {
    const email = 'offline-reader@colo.example';
    const other = 'second-reader@colo.example';
    await (await web.signIn(email)).context.close();
    await (await web.signIn(other)).context.close();
    await setSubscription(web.ts.orm, email, 'premium', 'active');
    const today = web.ts.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(web.ts.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const [older, latest] = await addDigests(web.ts.orm, email, [yesterday, today], (date) =>
      date === today
        ? [digestStory('Equinix opens 20 MW Frankfurt campus', { corroboration: 3 }), digestStory('Oslo retrofit cuts PUE to 1.18')]
        : [digestStory('Singapore allocates 300 MW to green data centres')],
    );
    await addDigests(web.ts.orm, other, [today], () => [digestStory('Second reader story about Dublin grid limits')]);
    const prepared = await prepareEpisodes(web.ts, flite);
    assert.equal(prepared.ready, 2);

    // First visit, signed in: the worker registers after load and stores the user and the newest digests itself.
    const signedIn = await web.signIn(email, { viewport: { width: 1280, height: 900 } });
    context = signedIn.context;
    const { page } = signedIn;
    await controlledByServiceWorker(page);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!;
      return (await fetch(link.href)).json() as Promise<{
        name: string;
        theme_color: string;
        icons: Array<{ sizes: string; purpose?: string }>;
      }>;
    });
    assert.equal(manifest.name, 'DC Brief');
    assert.equal(manifest.theme_color, '#1d4ed8');
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable'));
    assert.ok(manifest.icons.some((i) => i.sizes === '192x192'));
    await page.waitForFunction(
      async (ids) => {
        const cache = await caches.open('dcbrief-digests');
        return (await Promise.all(ids.map((id) => cache.match(`/api/digests/${id}`)))).every(Boolean);
      },
      [latest!.id, older!.id],
    );

    // Online: the brief comes from the network, no banner.
    await page.getByRole('link', { name: /Read the brief/ }).click();
    await page.waitForURL(`${web.ts.url}/digests/${latest!.id}`);
    await page.getByRole('heading', { name: latest!.title }).waitFor();
    assert.equal(await page.getByText(/^Offline, updated/).count(), 0);

    // Premium: Download keeps the episode for offline listening (and saves the file).
    await page.goto(`${web.ts.url}/audio`);
    await episodeListStored(page);
    const download = page.waitForEvent('download');
    await page
      .getByRole('link', { name: /^Download / })
      .first()
      .click();
    assert.match((await download).suggestedFilename(), new RegExp(`^dc-brief-daily-${today}\\.mp3$`));
    await page.getByText('Episode downloaded').first().waitFor();
    const audioStored = (await storedAddresses(page))['dcbrief-audio'] ?? [];
    assert.ok(
      audioStored.some((p) => p === `/api/audio/episodes/${latest!.id}/audio.mp3`),
      audioStored.join(', '),
    );

    // Offline: the latest brief reloads from the stored copies, marked offline.
    if (!(await hasEpisodeList(page))) {
      await page.goto(`${web.ts.url}/audio`);
      await episodeListStored(page);
    }
    await page.goto(`${web.ts.url}/digests/${latest!.id}`);
    await page.getByRole('heading', { name: latest!.title }).waitFor();
    assert.ok(await hasEpisodeList(page), 'the episode list is stored before going offline');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: latest!.title }).waitFor();
    await page.getByRole('heading', { name: 'Equinix opens 20 MW Frankfurt campus' }).waitFor();
    const banner = page.getByRole('status').filter({ hasText: /^Offline, updated / });
    await banner.waitFor();
    await page.screenshot({ path: 'screenshots/offline-brief-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'screenshots/offline-brief-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The archive and the older brief, never opened, were stored when the list was read.
    await page.goto(`${web.ts.url}/digests`);
    await page
      .getByRole('link', { name: new RegExp(older!.title) })
      .first()
      .click();
    await page.getByRole('heading', { name: older!.title }).waitFor();
    await banner.waitFor();
    // Rated offline: kept on this device, said so, and sent when the network is back (docs/decisions/611).
    await page.getByRole('group', { name: 'Rate this brief from 1 to 5' }).getByRole('button', { name: '4 of 5' }).click();
    await page.getByText('You are offline: your rating is saved on this device and will be sent when you are back online.').waitFor();
    assert.equal(await web.ts.orm.em.fork().count(Feedback, { digest: older!.id }), 0);

    // Its downloaded episode plays without a network (byte ranges from the cache).
    await page.goto(`${web.ts.url}/`);
    // Listen plays once the episode list has loaded (from the stored copy); before that it shows a hint and plays
    // nothing, so the click waits for the button without one (as web-audio.test.ts's clickListen does).
    const listen = page.locator('button:not([data-state]):not([aria-describedby])', { hasText: 'Listen' });
    await listen.waitFor();
    await listen.click();
    await playsFor(page, 0.5);
    await page.getByRole('region', { name: 'Audio player' }).getByRole('button', { name: 'Pause' }).click();
    await context.setOffline(false);
    await until(
      async () => (await web.ts.orm.em.fork().count(Feedback, { digest: older!.id, rating: 4, medium: 'text' })) === 1,
      'the rating made offline to reach the server once the network is back',
    );
    // Nothing left on the device once the server's answer is in (it lands just after the row is written).
    await page.waitForFunction(() => localStorage.getItem('dcbrief.pendingWrites') === null);

    // The first session ends without Sign Out (it expired, or was ended from another device) and another person
    // signs in on this browser: the first one's copies are gone before the second reads anything.
    await context.clearCookies();
    await signInHere(web, page, other);
    await page.getByRole('link', { name: /Read the brief/ }).waitFor();
    const afterSwitch = await storedApiAddresses(page);
    assert.ok(!afterSwitch.some((p) => p.includes(latest!.id) || p.includes(older!.id)), afterSwitch.join(', '));
    await page.waitForFunction(async () => (await (await caches.open('dcbrief-audio')).keys()).length === 0);

    // Signing out deletes every stored copy; offline afterwards, nothing personal is left to show.
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await page.waitForURL(`${web.ts.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Signing out may navigate once more after landing: the check runs again in whichever page is there.
    await page.waitForFunction(async () => {
      for (const name of await caches.keys()) {
        const stored = await (await caches.open(name)).keys();
        if (stored.some((request) => new URL(request.url).pathname.startsWith('/api/'))) return false;
      }
      return true;
    });
    await context.setOffline(true);
    await page.goto(`${web.ts.url}/digests/${latest!.id}`);
    await page.getByRole('heading', { name: 'Sign in to read this digest' }).waitFor();
    assert.equal(await page.getByText('Equinix opens 20 MW Frankfurt campus', { exact: false }).count(), 0);
    assert.equal(await page.getByText(/^Offline, updated/).count(), 0);
    assert.deepEqual(await storedApiAddresses(page), []);
    // The app shell itself stays: it holds nothing of anyone's.
    assert.ok(Object.keys(await storedAddresses(page)).some((name) => name.startsWith('workbox-precache')));
  });
});
