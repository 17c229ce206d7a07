import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DesktopServerResult } from '@dcbrief/shared';
import { BriefWatcher } from '../desktop/src/main/brief-watcher.js';
import { OfflineStore } from '../desktop/src/main/offline-store.js';
import type { DesktopNotification } from '../desktop/src/main/ports.js';
import { validateServer } from '../desktop/src/main/server-address.js';
import { SettingsStore } from '../desktop/src/main/settings.js';
import { firstLink } from '../server/test/support/harness.js';
import { addDigests, digestStory, setSubscription } from '../server/test/support/fixtures.js';
import { recipient } from '../server/test/support/users.js';
import { DesktopShell } from './support/desktop-shell.js';
import { useWebFixture } from './support/web-fixture.js';
import { seriousAxeViolations } from './support/web-helpers.js';

// window.dcbrief as the preload script exposes it, each call answered by the test's Node side (the main process's part).
const BRIDGE_STUB = `window.dcbrief = {
  getServer: () => window.__dcbriefGetServer(),
  setServer: (url) => window.__dcbriefSetServer(String(url)),
  getOfflineCopy: () => window.__dcbriefGetOfflineCopy(),
  checkNow: () => window.__dcbriefCheckNow(),
  onNavigate: () => () => {},
};`;

// The web app built for the desktop (desktop/out/renderer) in Chromium, with the bridge stubbed and the main
// process's scheme handler, brief watcher and offline store running for real against the real server.
describe('the desktop app’s window', () => {
  const web = useWebFixture();
  const shell = new DesktopShell();
  let dataDir: string;
  let settings: SettingsStore;
  let store: OfflineStore;
  let watcher: BriefWatcher;
  const notified: DesktopNotification[] = [];

  before(async () => {
    await shell.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'dcbrief-desktop-'));
    settings = new SettingsStore(dataDir);
    await settings.load();
    store = new OfflineStore(path.join(dataDir, 'offline'));
    watcher = new BriefWatcher({
      ports: { fetch: shell.fetch, notify: (n) => notified.push(n), onResume: () => {}, onSessionChanged: () => {} },
      settings,
      store,
      open: () => {},
    });
  });
  after(async () => {
    watcher.stop();
    await shell.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('asks for the server, shows the brief once signed in, and the kept brief under the offline banner without a network', async () => {
    const context = await web.browser.newContext({ timezoneId: 'Europe/Lisbon', viewport: { width: 1280, height: 900 } });
    await context.addInitScript(BRIDGE_STUB);
    await context.exposeFunction('__dcbriefGetServer', () => ({ url: shell.server, defaultUrl: web.ts.url }));
    await context.exposeFunction('__dcbriefSetServer', async (input: string): Promise<DesktopServerResult> => {
      const result = await validateServer(input, shell.fetch);
      if (result.ok) {
        shell.server = result.url;
        await settings.update({ serverUrl: result.url });
      }
      return result;
    });
    await context.exposeFunction('__dcbriefGetOfflineCopy', () => store.read());
    await context.exposeFunction('__dcbriefCheckNow', () => watcher.check());
    const page = await context.newPage();

    // First launch: the address screen, pre-filled with the build's default.
    await page.goto(`${shell.url}/`);
    await page.getByRole('heading', { name: 'Connect to your DC Brief server' }).waitFor();
    const address = page.getByLabel('Server address');
    assert.equal(await address.inputValue(), web.ts.url);
    await address.fill('ftp://brief.example.com');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('alert').getByText('The address must start with https://').waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.screenshot({ path: 'screenshots/desktop-server-address-1280.png' });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: 'screenshots/desktop-server-address-375.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `nothing wider than a phone screen (overflow ${overflow}px)`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await address.fill(web.ts.url);
    await page.getByRole('button', { name: 'Connect' }).click();
    // Saved: the window reloads into the web app; signed out, it opens the sign-in page (the server's, through /api).
    await page.waitForURL(`${shell.url}/api/login`);
    assert.equal(shell.server, web.ts.url);

    // Signing in goes through the app's /api to the server (its same-origin check passes), the cookie stays in the jar.
    const email = 'desk@colo.example';
    const mailsBefore = (await web.ts.mailFolder()).length;
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const mail = (await web.ts.mailFolder()).slice(mailsBefore).find((m) => recipient(m) === email);
    assert.ok(mail, 'a sign-in email');
    const link = new URL(firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/));
    await page.goto(`${shell.url}${link.pathname}${link.search}`);
    await page.waitForURL(`${shell.url}/`);
    assert.deepEqual(await context.cookies(), [], 'the page holds no cookie: the session is in the main process’s jar');

    await setSubscription(web.ts.orm, email, 'basic', 'active');
    await addDigests(web.ts.orm, email, ['2026-11-23', '2026-11-24'], (date) => [
      digestStory(date === '2026-11-24' ? 'Equinix opens 20 MW Frankfurt campus' : 'Liquid cooling retrofit cuts PUE to 1.18 in Oslo'),
    ]);
    await page.reload();
    await page.getByRole('link', { name: 'Read the brief' }).click();
    await page.getByRole('heading', { level: 1, name: 'Data-center brief for 2026-11-24' }).waitFor();
    await page.getByRole('article', { name: 'Equinix opens 20 MW Frankfurt campus' }).waitFor();
    await page.screenshot({ path: 'screenshots/desktop-brief-1280.png', fullPage: true });

    // The main process keeps the briefs (a real check against the server), then the network goes.
    assert.equal(await watcher.check(), 'updated');
    assert.deepEqual(
      (await store.read())?.digests.map((d) => d.date),
      ['2026-11-24', '2026-11-23'],
    );
    shell.online = false;
    await page.goto(`${shell.url}/`);
    await page
      .getByRole('status')
      .getByText(/^Offline, updated \w{3}, \w{3} \d+, \d+:\d\d [AP]M$/)
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Data-center brief for 2026-11-24' }).waitFor();
    await page.getByRole('article', { name: 'Equinix opens 20 MW Frankfurt campus' }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.screenshot({ path: 'screenshots/desktop-offline-1280.png', fullPage: true });
    // The day before is there too.
    await page.getByRole('button', { name: /Data-center brief for 2026-11-23/ }).click();
    await page.getByRole('article', { name: 'Liquid cooling retrofit cuts PUE to 1.18 in Oslo' }).waitFor();

    // Back online: "Try again" opens the app.
    shell.online = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: 'Read the brief' }).waitFor();
    await context.close();
  });
});
