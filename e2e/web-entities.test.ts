import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDigests, digestStory, setSubscription } from '../server/test/support/fixtures.js';
import { seedEntities } from '../server/test/support/entities.js';
import { useWebFixture } from './support/web-fixture.js';
import { seriousAxeViolations } from './support/web-helpers.js';

// Issue 26 item 2: from a story's entity link to the entity's page, and the /entities search, at a phone's and a desktop's width.
describe('entity pages', () => {
  const web = useWebFixture(() => ({ now: '2026-11-28T12:00:00.000Z' }));

  test('a story links to its entities; the page shows status, capacity, money, timeline and related, and follows, at 375 and 1280 px', async () => {
    const email = 'follower@colo.example';
    (await web.signIn(email)).context.close();
    await setSubscription(web.ts.orm, email, 'basic', 'active');
    await seedEntities(web.ts);
    await addDigests(web.ts.orm, email, ['2026-11-26'], () => [
      digestStory('Aragon campus of Microsoft gets its permit', {
        entities: [
          { id: 'microsoft', name: 'Microsoft', kind: 'company', country: 'US' },
          { id: 'aragon-campus', name: 'Aragon campus', kind: 'site', country: 'ES' },
        ],
      }),
    ]);

    for (const width of [1280, 375]) {
      const { context, page } = await web.signIn(email, { viewport: { width, height: 900 } });
      await page.goto(`${web.ts.url}/digests`);
      await page.getByRole('link', { name: /Data-center brief for 2026-11-26/ }).click();
      const story = page.getByRole('article', { name: 'Aragon campus of Microsoft gets its permit' });
      await story.getByRole('link', { name: 'Microsoft' }).click();
      await page.waitForURL(/\/entities\/microsoft$/);
      await page.getByRole('heading', { level: 1, name: 'Microsoft' }).waitFor();
      const status = page.getByRole('region', { name: 'Status' });
      await status.getByText('Permitted').waitFor();
      assert.match(await status.innerText(), /Since Nov 25, 2026/);
      assert.match(
        (await status.getByRole('link', { name: 'DatacenterDynamics' }).getAttribute('href')) ?? '',
        /^https:\/\/dcd\.example\//,
      );
      assert.match(await page.getByRole('region', { name: 'Capacity' }).innerText(), /300 MW\s+under construction/);
      assert.match(await page.getByRole('region', { name: 'Investment' }).innerText(), /€2\.5B \(≈ \$2\.7B\)/);
      const timeline = page.getByRole('region', { name: 'Timeline' });
      assert.equal(await timeline.getByRole('listitem').count(), 4);
      assert.match(await timeline.getByRole('listitem').first().innerText(), /Permitted/);
      if (width === 1280) {
        await page.getByRole('button', { name: 'Follow' }).click();
        await page.getByRole('button', { name: 'Following' }).waitFor();
        await page.reload();
      }
      // Followed at the first width, and still after a reload: the follows table answers it.
      assert.equal(await page.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed'), 'true');
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: `screenshots/entity-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `nothing wider than the screen at ${width} px (overflow ${overflow}px)`);

      await page
        .getByRole('region', { name: 'Related' })
        .getByRole('link', { name: /Aragon campus/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Aragon campus' }).waitFor();
      await page
        .getByRole('region', { name: 'Related' })
        .getByRole('link', { name: /Microsoft/ })
        .waitFor();

      await page.getByRole('link', { name: 'All companies, sites and places' }).click();
      const week = page.getByRole('region', { name: 'Most active this week' });
      await week.getByRole('link', { name: /Microsoft/ }).waitFor();
      await page.getByRole('searchbox', { name: /Search by name/ }).fill('Майкрософт');
      await page
        .getByRole('region', { name: 'Names matching “Майкрософт”' })
        .getByRole('link', { name: /Microsoft/ })
        .waitFor();
      await page.getByRole('searchbox', { name: /Search by name/ }).fill('');
      await week.getByRole('link', { name: /Microsoft/ }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: `screenshots/entities-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});
