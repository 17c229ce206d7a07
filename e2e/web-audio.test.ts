import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { LISTEN_LATEST_PATH } from '@dcbrief/shared';
import { FliteSynthesizer } from '../server/src/audio/tts/flite.js';
import { addDigests, digestStory, setSubscription } from '../server/test/support/fixtures.js';
import { prepareEpisodes } from '../server/test/audio/fixtures.js';
import { useWebFixture } from './support/web-fixture.js';

/** Listen plays once the episodes have loaded; before that it says why (a hint under it and a toast) and plays nothing. */
async function clickListen(page: Page) {
  const listen = page.locator('button:not([aria-describedby])', { hasText: 'Listen' });
  await listen.waitFor();
  await listen.click();
}

// Listening in the browser: the built web app against the real server, an episode made by the embedded engine.
describe('the audio digest in a real browser', () => {
  const web = useWebFixture();
  const flite = new FliteSynthesizer({ workers: 2 });
  after(() => flite.close());

  test('Listen plays; next story jumps to the next chapter; speed sets playbackRate; ratings from the player; the position and the ratings survive a reload; the dashboard counts them', async () => {
    const email = 'listener@colo.example';
    const first = await web.signIn(email);
    await first.context.close();
    await setSubscription(web.ts.orm, email, 'premium', 'active');
    const today = web.ts.clock.now().toISOString().slice(0, 10);
    await addDigests(web.ts.orm, email, [today], () => [
      digestStory('Equinix opens 20 MW Frankfurt campus', { corroboration: 3 }),
      digestStory('Singapore allocates 300 MW to green data centres'),
      digestStory('Liquid cooling retrofit cuts PUE to 1.18 in Oslo'),
    ]);
    // Composed digests are given their episode by the preparation job.
    const ready = await prepareEpisodes(web.ts, flite);
    assert.equal(ready.ready, 1);

    const { context, page } = await web.signIn(email, { viewport: { width: 1280, height: 900 } });
    await clickListen(page);
    const player = page.getByRole('region', { name: 'Audio player' });
    await player.getByRole('button', { name: 'Pause' }).waitFor();
    const audio = page.getByTestId('audio-element');
    await page.waitForFunction(() => {
      const el = document.querySelector('audio')!;
      return !el.paused && el.currentTime > 0.3;
    });
    await player.getByText('Introduction').waitFor();

    await player.getByRole('button', { name: 'Next story' }).click();
    await player.getByText('Story 1 of 3: Equinix opens 20 MW Frankfurt campus').waitFor();
    const chapters = (
      await page.evaluate(
        async () => (await (await fetch('/api/audio/episodes')).json()) as Array<{ chapters: Array<{ startSec: number }> }>,
      )
    )[0]!.chapters;
    const at = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    assert.ok(at >= chapters[1]!.startSec && at < chapters[2]!.startSec, `${at} is in the first story's chapter`);

    await player.getByLabel('Playback speed').selectOption('1.5');
    // Applied by the player's effect once React has rendered the new speed (not necessarily before selectOption returns).
    await page.waitForFunction(() => document.querySelector('audio')!.playbackRate === 1.5);
    assert.equal(await audio.evaluate((el: HTMLAudioElement) => el.playbackRate), 1.5);

    await player.getByRole('button', { name: 'Next story' }).click();
    await player.getByText('Story 2 of 3: Singapore allocates 300 MW to green data centres').waitFor();
    await player.getByRole('button', { name: 'Transcript' }).click();
    await player
      .getByLabel('Transcript')
      .locator('[aria-current="true"]')
      .getByText('Singapore allocates 300 MW to green data centres')
      .waitFor();

    // Ratings from the player: the episode 4 of 5, and a thumb up for the story being read.
    await player.getByRole('button', { name: 'Rate this episode 4 of 5' }).click();
    await player.getByRole('status').filter({ hasText: 'Episode rated 4 of 5' }).waitFor();
    const singaporeUp = player.getByRole('button', { name: 'Thumbs up: Singapore allocates 300 MW to green data centres' });
    assert.equal(await singaporeUp.count(), 2, 'in the bar (this story) and in the transcript');
    await singaporeUp.first().click();
    await player.getByRole('status').filter({ hasText: 'Story rated thumbs up' }).waitFor();
    assert.equal(await singaporeUp.last().getAttribute('aria-pressed'), 'true');
    // A story already heard, from its place in the transcript: two thumbs up on Infrastructure stories.
    await player.getByRole('button', { name: 'Thumbs up: Equinix opens 20 MW Frankfurt campus' }).last().click();
    await player.getByRole('button', { name: 'Thumbs up: Equinix opens 20 MW Frankfurt campus', pressed: true }).last().waitFor();
    const box = await player.getByRole('button', { name: 'Rate this episode 4 of 5' }).boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, `touch target ${box?.width}x${box?.height}`);
    await page.screenshot({ path: 'screenshots/audio-player-1280.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'screenshots/audio-player-375.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await player.getByRole('button', { name: 'Pause' }).click();
    const paused = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    // Saved on pause; a reload (any device) resumes there.
    await page.waitForFunction(
      async (t) => ((await (await fetch('/api/audio/episodes')).json()) as Array<{ positionSec: number }>)[0]!.positionSec >= t - 0.2,
      paused,
    );
    await page.reload();
    await clickListen(page);
    await page.waitForFunction(() => !document.querySelector('audio')!.paused);
    const resumed = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    assert.ok(resumed >= paused - 0.3, `resumed at ${resumed}, paused at ${paused}`);
    // The ratings are read back with the episode.
    await player.getByRole('button', { name: 'Rate this episode 4 of 5', pressed: true }).waitFor();
    await player
      .getByRole('button', { name: 'Thumbs up: Singapore allocates 300 MW to green data centres', pressed: true })
      .first()
      .waitFor();

    // The player stays while the reader moves to another page.
    await page.getByRole('link', { name: 'Audio Library' }).click();
    await page.waitForURL(/\/audio$/);
    await page.getByRole('heading', { name: 'Audio Library' }).waitFor();
    assert.equal(await audio.evaluate((el: HTMLAudioElement) => el.paused), false);
    await page.getByRole('button', { name: 'Create feed' }).click();
    const feed = await page.getByLabel('Private feed address').inputValue();
    assert.match(feed, /\/api\/audio\/feed\/[\w-]+\/feed\.xml$/);
    await page.screenshot({ path: 'screenshots/audio-library-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'screenshots/audio-library-375.png', fullPage: true });

    // The dashboard's stats count the player's ratings: the episode's 4 in the average, the thumbs up, and say
    // where two thumbs on Infrastructure stories steer the next briefs (docs/decisions/309).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.waitForURL(/\/dashboard$/);
    const stat = (label: string) => page.locator('dl > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');
    await stat('Stories liked (audio)').filter({ hasText: /^2$/ }).waitFor();
    assert.equal(await stat('Stories disliked (audio)').textContent(), '0');
    assert.equal(await stat('Average rating').textContent(), '4.0');
    await page.getByText('Your thumbs from the player bring more Infrastructure into your next briefs.').waitFor();
    await page.screenshot({ path: 'screenshots/dashboard-thumbs-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'screenshots/dashboard-thumbs-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The email's "Listen (N min)" opens /audio/<digest id>: that episode first, with its Play.
    const digestId = (
      await page.evaluate(async () => (await (await fetch('/api/audio/episodes')).json()) as Array<{ digestId: string }>)
    )[0]!.digestId;
    await page.goto(`${web.ts.url}/audio/${digestId}`);
    await page.getByRole('button', { name: /^Play \(\d+:\d\d\)$/ }).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'screenshots/audio-episode-page-375.png' });

    // The desktop tray's Listen (LISTEN_LATEST_PATH): the newest ready episode starts, and the address becomes
    // that episode's, so a reload does not start it again.
    await page.goto(`${web.ts.url}${LISTEN_LATEST_PATH}`);
    await page.waitForURL(`${web.ts.url}/audio/${digestId}`);
    await page.waitForFunction(() => {
      const el = document.querySelector('audio')!;
      return !el.paused && el.currentTime > 0;
    });
    await context.close();
  });
});
