import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDigests, digestStory, setSubscription } from '../server/test/support/fixtures.js';
import { useWebFixture } from './support/web-fixture.js';
import { seriousAxeViolations } from './support/web-helpers.js';

// Reading what was emailed: the built web app against the real server, digests stored as delivery stores them.
describe('digest pages', () => {
  const web = useWebFixture();

  test('from the home page to the latest brief, its sources, a rating, and the archive search', async () => {
    const email = 'reader@colo.example';
    const first = await web.signIn(email);
    await first.context.close();
    await setSubscription(web.ts.orm, email, 'basic', 'active');
    await addDigests(web.ts.orm, email, ['2026-11-20', '2026-11-21'], (date) =>
      date === '2026-11-21'
        ? [
            digestStory('Equinix opens 20 MW Frankfurt campus', { corroboration: 3 }),
            digestStory('Singapore allocates 300 MW to green data centres', { interest: 'regulations', languages: ['en'] }),
          ]
        : [digestStory('Liquid cooling retrofit cuts PUE to 1.18 in Oslo')],
    );

    const { context, page } = await web.signIn(email, { viewport: { width: 1280, height: 900 } });
    await page.getByRole('link', { name: 'Read the brief' }).click();
    await page.waitForURL(/\/digests\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: 'Data-center brief for 2026-11-21' }).waitFor();
    const story = page.getByRole('article', { name: 'Equinix opens 20 MW Frankfurt campus' });
    await story.getByText('Reported by 3 outlets').waitFor();
    const outlet = story.getByRole('link', { name: /^heise online/ });
    assert.equal(await outlet.getAttribute('href'), 'https://www.heise.de/news/');
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.screenshot({ path: 'screenshots/digest-1280.png', fullPage: true });

    await page.getByRole('button', { name: '5 of 5' }).click();
    await page.getByText('Thank you: your rating tunes what we send you.').waitFor();
    const feedback = await page.evaluate(async () => (await (await fetch('/api/feedback')).json()) as Array<{ rating: number }>);
    assert.deepEqual(
      feedback.map((f) => f.rating),
      [5],
    );

    await page.getByRole('link', { name: 'All digests' }).click();
    await page.getByRole('heading', { name: 'Your digests' }).waitFor();
    assert.equal(await page.getByRole('link', { name: /Data-center brief for/ }).count(), 2);
    await page.getByLabel('Search your digests').fill('oslo');
    await page.getByText('1 digest matches “oslo”').waitFor();
    await page.getByRole('link', { name: /Data-center brief for 2026-11-20/ }).waitFor();
    await page.getByLabel('Search your digests').fill('no such thing');
    await page.getByText('No digest mentions “no such thing”.').waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByLabel('Search your digests').fill('');
    await page.getByRole('link', { name: /Data-center brief for 2026-11-21/ }).waitFor({ timeout: 200 });
    await page.screenshot({ path: 'screenshots/digests-375.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `nothing wider than a phone screen (overflow ${overflow}px)`);
    await context.close();
  });

  test("another subscriber's digest is not found", async () => {
    const owner = 'owner@colo.example';
    (await web.signIn(owner)).context.close();
    const [theirs] = await addDigests(web.ts.orm, owner, ['2026-11-21']);
    const { context, page } = await web.signIn('snoop@colo.example');
    await page.goto(`${web.ts.url}/digests/${theirs!.id}`);
    await page.getByRole('heading', { name: 'Digest not found' }).waitFor();
    await context.close();
  });
});
