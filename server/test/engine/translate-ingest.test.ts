import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { createEngine, type Engine, type EnginePorts } from '../../src/engine/engine.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Story } from '../../src/engine/model/story.entity.js';
import { TranslationCacheEntry } from '../../src/engine/model/translation.entity.js';
import type { CatalogEntry } from '../../src/engine/sources/catalog.js';
import { captureLogs } from '../support/log-capture.js';
import { startLibreTranslateStandIn, type LibreTranslateStandIn } from '../support/libretranslate-stand-in.js';
import { startOpenAiStandIn } from '../support/openai-stand-in.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { openTestOrm, testEngineConfig } from './support.js';

/**
 * One event told in English and German (no figure or name shared enough to join them without a
 * translation), another in French, and one in Japanese, a language the LibreTranslate stand-in lacks.
 * Each article has a lead of two sentences and a third sentence that no one reads first: never translated.
 */
const FEEDS: Record<string, { language: string; items: Array<{ id: string; title: string; text: string; at: string }> }> = {
  en: {
    language: 'en',
    items: [
      {
        id: 'en-lyon',
        title: 'Cooling failure takes a colocation data center offline in Lyon',
        text: 'A cooling failure took a colocation data center offline in Lyon on Tuesday night. Customers were moved to a second site while engineers replaced the chillers. The operator expects repairs to take a week.',
        at: '2026-11-20T08:00:00Z',
      },
    ],
  },
  de: {
    language: 'de',
    items: [
      {
        id: 'de-lyon',
        title: 'Kühlungsausfall legt Colocation-Rechenzentrum in Lyon lahm',
        text: 'Ein Kühlungsausfall hat am Dienstagabend ein Colocation-Rechenzentrum in Lyon lahmgelegt. Kunden wurden an einen zweiten Standort verlegt, während Techniker die Kältemaschinen austauschten. Der Betreiber rechnet mit einer Woche Reparatur.',
        at: '2026-11-20T09:00:00Z',
      },
    ],
  },
  fr: {
    language: 'fr',
    items: [
      {
        id: 'fr-marseille',
        title: 'Data4 obtient le permis de construire de son campus de Marseille',
        text: 'Data4 a obtenu le permis de construire de son campus de 60 MW à Marseille. Les travaux commenceront en janvier. Le site sera alimenté par un contrat d’électricité renouvelable.',
        at: '2026-11-20T07:00:00Z',
      },
    ],
  },
  ja: {
    language: 'ja',
    items: [
      {
        id: 'ja-osaka',
        title: '大阪のデータセンターで新棟が完成',
        text: '大阪のデータセンター事業者が新棟を完成させた。新棟は20メガワットの電力を備える。顧客の入居は来月始まる。',
        at: '2026-11-20T06:00:00Z',
      },
    ],
  },
};

/** The stand-in's translations: exactly the titles and lead sentences, so anything else sent shows up as untranslated. */
const DICTIONARY = {
  de: {
    'Kühlungsausfall legt Colocation-Rechenzentrum in Lyon lahm': 'Cooling failure takes a colocation data center offline in Lyon',
    'Ein Kühlungsausfall hat am Dienstagabend ein Colocation-Rechenzentrum in Lyon lahmgelegt.':
      'A cooling failure took a colocation data center offline in Lyon on Tuesday night.',
    'Kunden wurden an einen zweiten Standort verlegt, während Techniker die Kältemaschinen austauschten.':
      'Customers were moved to a second site while engineers replaced the chillers.',
  },
  fr: {
    'Data4 obtient le permis de construire de son campus de Marseille': 'Data4 obtains the building permit for its Marseille campus',
    'Data4 a obtenu le permis de construire de son campus de 60 MW à Marseille.':
      'Data4 has obtained the building permit for its 60 MW campus in Marseille.',
    'Les travaux commenceront en janvier.': 'Work will begin in January.',
  },
};

const LEADS = {
  de: [
    'Kühlungsausfall legt Colocation-Rechenzentrum in Lyon lahm',
    'Ein Kühlungsausfall hat am Dienstagabend ein Colocation-Rechenzentrum in Lyon lahmgelegt.',
    'Kunden wurden an einen zweiten Standort verlegt, während Techniker die Kältemaschinen austauschten.',
  ],
  fr: [
    'Data4 obtient le permis de construire de son campus de Marseille',
    'Data4 a obtenu le permis de construire de son campus de 60 MW à Marseille.',
    'Les travaux commenceront en janvier.',
  ],
};

/** The edition of the morning after the pass (the pass ran at 12:00). */
const nextMorningEdition = (engine: Engine) => engine.edition({ to: new Date('2026-11-21T09:00:00Z') });

const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

function rss(feed: (typeof FEEDS)[string]): string {
  const items = feed.items
    .map(
      (i) =>
        `<item><title>${esc(i.title)}</title><link>{base}/articles/${i.id}</link><guid>${i.id}</guid>` +
        `<pubDate>${new Date(i.at).toUTCString()}</pubDate><description>${esc(i.text)}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Feed</title><link>{base}/</link><description>x</description>${items}</channel></rss>`;
}

function catalog(base: string): CatalogEntry[] {
  return Object.entries(FEEDS).map(([name, feed]) => ({
    id: `tr-${name}`,
    name: `Translate ${name}`,
    siteUrl: `${base}/`,
    feedUrl: `${base}/gen/${name}.xml`,
    kind: 'news' as const,
    language: feed.language,
    country: 'INT',
    categories: ['infrastructure' as const],
    weight: 1,
  }));
}

describe('ingest with a translation provider configured', () => {
  let feeds: FixtureServer;
  let lt: LibreTranslateStandIn;
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  let clock: ManualClock;

  beforeEach(async () => {
    feeds = await startFixtureServer();
    for (const [name, feed] of Object.entries(FEEDS)) feeds.serve(`/gen/${name}.xml`, rss(feed));
    lt = await startLibreTranslateStandIn({ dictionary: DICTIONARY });
    db = await openTestOrm();
    clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));
  });
  afterEach(async () => {
    await feeds.close();
    await lt.close();
    await db.close();
  });

  async function ingestWith(env: NodeJS.ProcessEnv, ports: EnginePorts = {}) {
    const logs = captureLogs();
    const config = testEngineConfig({ INGEST_PAGE_FETCHES_PER_SOURCE: '0', ...env });
    const engine = createEngine(db.orm, config, { clock, logger: logs.logger, ...ports });
    await engine.syncCatalog(catalog(feeds.base));
    const report = await engine.ingest();
    const em = db.orm.em.fork();
    const articles = await em.find(Article, {});
    const byId = (id: string) => articles.find((a) => a.url.endsWith(`/articles/${id}`))!;
    return { engine, report, logs, articles, byId, em };
  }

  const sentTexts = () => lt.translateRequests.flatMap((r) => r.body.q as string[]);

  it('translates titles and leads (never whole bodies) once, before clustering, through the cache', async () => {
    const { engine, report, byId, em } = await ingestWith({ TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: lt.url });
    assert.deepEqual(sentTexts().sort(), [...LEADS.de, ...LEADS.fr].sort(), 'titles and two lead sentences, nothing else');
    assert.ok(
      lt.translateRequests.every((r) => r.body.target === 'en'),
      'into English',
    );
    assert.equal(lt.translateRequests.length, 2, 'one request per language: the texts go as a q array');

    const de = byId('de-lyon');
    assert.equal(de.translatedTitle, 'Cooling failure takes a colocation data center offline in Lyon');
    assert.equal(
      de.translatedText,
      'A cooling failure took a colocation data center offline in Lyon on Tuesday night. Customers were moved to a second site while engineers replaced the chillers.',
    );
    assert.equal(de.translatedLanguage, 'en');
    assert.equal(de.translationProvider, 'libretranslate');
    assert.equal(de.text, FEEDS.de!.items[0]!.text, 'the original is kept');
    assert.equal(byId('en-lyon').translatedTitle, null, 'English needs nothing');

    // Unsupported pair: asked once to /languages, never sent, kept and marked by its language.
    const ja = byId('ja-osaka');
    assert.equal(ja.translatedTitle, null);
    assert.equal(ja.language, 'ja');
    assert.deepEqual(report.translation!.unsupportedPairs, ['ja->en']);

    assert.equal(byId('de-lyon').storyId, byId('en-lyon').storyId, 'the German and English accounts are one story');
    assert.notEqual(byId('fr-marseille').storyId, byId('en-lyon').storyId);
    assert.equal(await em.count(TranslationCacheEntry, {}), 6);
    // The French story's fact is its lead sentence: the summarizer shows it in English from the cache
    // (no request beyond the two above); the Japanese pair is not available, its facts stay marked.
    const facts = async (id: string) => (await em.findOneOrFail(Story, { id: byId(id).storyId! })).summaries.detailed;
    assert.deepEqual(await facts('fr-marseille'), [
      {
        text: 'Data4 has obtained the building permit for its 60 MW campus in Marseille.',
        language: 'en',
        sourceIds: ['tr-fr'],
        articleIds: [byId('fr-marseille').id],
        translatedFrom: 'fr',
        inReaderLanguage: true,
      },
    ]);
    assert.ok((await facts('ja-osaka')).every((f) => f.language === 'ja' && f.inReaderLanguage === false));

    // Another German outlet runs the same title and lead with another ending: a new article, no request.
    const copy = { ...FEEDS.de!.items[0]!, id: 'de-lyon-2', text: `${LEADS.de.slice(1).join(' ')} Die Polizei ermittelt nicht.` };
    feeds.serve('/gen/de.xml', rss({ language: 'de', items: [...FEEDS.de!.items, copy] }));
    clock.advance(60 * 60_000);
    const again = await engine.ingest({ force: true });
    assert.equal(again.newArticles, 1);
    assert.equal(lt.translateRequests.length, 2, 'the second pass is answered by the cache');
    assert.equal(again.translation!.cached, 3);
    const stored = await db.orm.em.fork().findOneOrFail(Article, { url: { $like: '%/de-lyon-2' } });
    assert.equal(stored.translatedTitle, 'Cooling failure takes a colocation data center offline in Lyon');
  });

  it('spends at most the pass budget, newest articles first, and says so; the rest stays in its language', async () => {
    const budget = LEADS.de.join('').length; // the German article (newest) fits, the French one does not
    const { report, byId, logs, engine } = await ingestWith({
      TRANSLATOR: 'libretranslate',
      LIBRETRANSLATE_URL: lt.url,
      TRANSLATE_MAX_CHARS_PER_PASS: String(budget),
    });
    assert.equal(byId('de-lyon').translatedTitle, 'Cooling failure takes a colocation data center offline in Lyon');
    assert.equal(byId('fr-marseille').translatedTitle, null);
    assert.equal(byId('fr-marseille').language, 'fr');
    assert.deepEqual(sentTexts().sort(), [...LEADS.de].sort());
    assert.equal(report.translation!.charsSent, budget);
    // The French and Japanese titles and leads (6), and the facts the summarizer then picks in French (1)
    // and Japanese (2) and asks for through the same port (docs/decisions/211).
    assert.equal(report.translation!.untranslated.budget, 9, 'the French and the Japanese texts');
    const warning = logs.warnings().find((l) => /translation budget spent/.test(l.msg));
    assert.ok(warning, 'a warning names the spent budget');
    assert.match(warning.msg, /9 texts stay untranslated/);
    assert.equal(report.newArticles, 4, 'the pass completes');
    const stories = await db.orm.em.fork().find(Story, {});
    assert.ok(
      stories.some((s) => s.titleLanguage === 'fr'),
      'the French story stands in French, marked as such',
    );
    assert.ok((await nextMorningEdition(engine)).storyCount > 0, 'the edition goes out');
  });

  it('when the provider is down, the pass and the edition go out untranslated, with one warning naming it', async () => {
    const down = http.createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    await new Promise((resolve) => down.close(resolve));

    const { report, articles, logs, engine } = await ingestWith({ TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: url });
    assert.equal(report.newArticles, 4);
    assert.ok(report.storiesCreated >= 3, 'stories are made');
    assert.ok(
      articles.every((a) => a.translatedTitle === null && a.translatedText === null),
      'nothing is translated',
    );
    const warnings = logs.warnings().filter((l) => /translation provider/.test(l.msg));
    assert.equal(warnings.length, 1);
    // de, fr and ja: a title and two lead sentences each; /languages failed before any pair was known. Then
    // the summarizer's French (1) and Japanese (2) facts (docs/decisions/211).
    assert.match(
      warnings[0]!.msg,
      /^translation provider libretranslate failed \(LibreTranslate unreachable: .+\); 12 texts stay untranslated this pass/,
    );
    const edition = await nextMorningEdition(engine);
    assert.ok(edition.storyCount > 0, 'the edition goes out');
    assert.ok(
      edition.stories.some((s) => s.titleLanguage !== 'en'),
      'untranslated stories are marked with their language',
    );
  });

  it('translates through an OpenAI-compatible endpoint the same way', async () => {
    const ai = await startOpenAiStandIn({ dictionary: DICTIONARY });
    try {
      const { byId } = await ingestWith({ TRANSLATOR: 'openai', OPENAI_BASE_URL: ai.baseUrl });
      assert.equal(byId('fr-marseille').translatedTitle, 'Data4 obtains the building permit for its Marseille campus');
      assert.equal(
        byId('fr-marseille').translatedText,
        'Data4 has obtained the building permit for its 60 MW campus in Marseille. Work will begin in January.',
      );
      assert.equal(byId('de-lyon').storyId, byId('en-lyon').storyId);
      const users = ai.requests.map((r) => r.body.messages!.at(-1)!.content).sort();
      // Japanese too (a model has every pair), but only its title and lead.
      assert.equal(users.length, 9);
      assert.ok(!users.some((u) => /Reparatur|renouvelable|来月/.test(u)), 'no sentence beyond the lead is sent');
    } finally {
      await ai.close();
    }
  });
});
