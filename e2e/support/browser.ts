import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium (npm test does it when run as root)');
  return found;
}

/** Debian's Chromium, headless, without the background networking this closed machine refuses. Playwright gives each launch a fresh profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // As the desktop window (autoplayPolicy): its tray's Listen starts an episode without a click in the page.
      // Left to Chromium's own policy, whether a page may start audio depends on its engagement score: a run-to-run
      // coin toss in a test.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}
