import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { digestSchema } from '@dcbrief/shared';
import { EngineEditionReader } from '../../src/delivery/engine-edition.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { recordEntities } from '../../src/engine/entities/entities.service.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { newStory } from '../../src/engine/model/story.entity.js';
import { ExtractiveSummarizer } from '../../src/engine/summarize/extractive.js';
import { summarizeStory } from '../../src/engine/summarize/story-summary.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { json } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { useSmtpSinkMailer } from '../support/smtp-sink.js';
import { recipient, signIn } from '../support/users.js';
import { addSubscribers, deliveryDeps } from './fixtures.js';

// Issue 26 item 2: each story of a digest carries the entities it names, as links in the web app and "Follow" links in the email.
describe('a digest story’s entities', () => {
  const mail = useSmtpSinkMailer();
  let ts: TestServer;

  // Sign-in links go to the mail folder; digests through the loopback SMTP server.
  before(async () => {
    ts = await startTestServer({ now: '2026-11-24T06:05:00Z' });
  });
  after(() => ts.close());

  test('are recorded at compose time, those the story is about first, and linked from the email', async () => {
    const em = ts.orm.em.fork();
    em.persist(
      Object.assign(new Source(), {
        id: 'wire',
        name: 'Wire',
        siteUrl: 'https://wire.example',
        feedUrl: 'https://wire.example/feed',
        language: 'en',
        country: 'GB',
        categories: ['infrastructure'],
      }),
    );
    const article = Object.assign(new Article(), {
      sourceId: 'wire',
      url: 'https://wire.example/md7',
      canonicalUrl: 'https://wire.example/md7',
      contentHash: 'md7',
      title: 'Equinix opens MD7 in Madrid',
      text: 'Equinix opened its MD7 data center in Madrid on 23 November with 60 MW of IT capacity, with power from Iberdrola.',
      language: 'en',
      publishedAt: new Date('2026-11-23T20:00:00Z'),
      fetchedAt: new Date('2026-11-23T20:10:00Z'),
    });
    const story = await summarizeStory(
      newStory(new Date('2026-11-23T20:10:00Z')),
      [article],
      new Map([['wire', { weight: 1, categories: ['infrastructure'] }]]),
      new ExtractiveSummarizer(),
      'en',
    );
    article.storyId = story.id;
    em.persist([article, story]);
    await em.flush();
    await recordEntities(ts.orm.em.fork(), [story.id], new Date('2026-11-23T20:10:00Z'));

    await addSubscribers(ts.orm, [{ email: 'reader@entities.example', timezone: 'UTC', preferences: { weeklySummary: false } }]);
    const reader = await signIn(ts, 'reader@entities.example');
    await runDeliveryPass({ ...deliveryDeps(ts), mailer: mail.smtp, editions: new EngineEditionReader(ts.orm, ts.clock) }, ts.clock.now());

    const [digest] = await ts.orm.em.fork().find(Digest, { user: { email: 'reader@entities.example' } }, { populate: ['content'] });
    const stored = digest!.content!.stories[0]!;
    const ids = stored.entities?.map((e) => e.id) ?? [];
    assert.equal(ids[0], 'equinix', 'the company of the title comes first');
    assert.ok(ids.includes('madrid'), `the place too: ${ids.join(', ')}`);
    assert.ok(ids.length <= 6);

    const api = await json(await reader.get(`/api/digests/${digest!.id}`), digestSchema);
    assert.deepEqual(api.stories[0]?.entities, stored.entities);

    const email = mail.sink.messages.find((m) => recipient(m) === 'reader@entities.example' && (m.text ?? '').includes('MD7'));
    assert.ok(email, 'the digest was emailed');
    assert.match(email.text ?? '', new RegExp(`Follow:\\n   Equinix: ${ts.config.publicUrl}/entities/equinix`));
    assert.match(String(email.html), new RegExp(`Follow: <a href="${ts.config.publicUrl}/entities/equinix"[^>]*>Equinix</a>`));
  });
});
