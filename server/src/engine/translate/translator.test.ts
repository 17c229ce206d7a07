import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { migrate } from '../../db/orm.js';
import { openDatabase } from '../../database.js';
import { openTestOrm } from '../../../test/engine/support.js';
import { skipWithoutPostgres, startTempPostgres } from '../../../test/support/postgres.js';
import { captureLogs } from '../../../test/support/log-capture.js';
import { startLibreTranslateStandIn, type LibreTranslateStandIn } from '../../../test/support/libretranslate-stand-in.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../test/support/openai-stand-in.js';
import { loadEngineConfig } from '../engine.config.js';
import { TranslationCacheEntry } from '../model/translation.entity.js';
import { ApertiumTranslator } from './apertium.js';
import { CachedTranslator } from './cached-translator.js';
import { createTranslator } from './create-translator.js';
import { LibreTranslateTranslator } from './libretranslate.js';
import { numbersOf, sameNumbers } from './openai-translator.js';
import { ChatClient, TranslationError, UnsupportedPairError } from './translator.js';

const dictionary = {
  de: {
    'Equinix eröffnet Rechenzentrum in Frankfurt': 'Equinix opens data center in Frankfurt',
    Rechenzentrum: 'data center',
    Kühlung: 'cooling',
    Stromausfall: 'power outage',
  },
  fr: { 'centre de données': 'data center', refroidissement: 'cooling' },
  'zh-Hans': { 数据中心: 'data center' },
};

/** Waits the client asked for, recorded instead of slept. */
function recordedSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

function libre(lt: LibreTranslateStandIn, options: Partial<ConstructorParameters<typeof LibreTranslateTranslator>[1]> = {}) {
  return new LibreTranslateTranslator('en', { url: lt.url, apiKey: null, timeoutMs: 5000, ...options });
}

/** A port nothing listens on: connections are refused, as with a LibreTranslate server that is down. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  return url;
}

describe('LibreTranslate client against a stand-in of its HTTP API', () => {
  let lt: LibreTranslateStandIn;
  before(async () => {
    lt = await startLibreTranslateStandIn({
      dictionary,
      languages: [
        { code: 'en', name: 'English', targets: ['de', 'fr', 'zh-Hans'] },
        { code: 'de', name: 'German', targets: ['en'] },
        { code: 'fr', name: 'French', targets: ['en'] },
        { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
        { code: 'ku', name: 'Kurdish', targets: ['ar'] },
      ],
    });
  });
  after(() => lt.close());

  it('sends the texts of one language as one q array, reads /languages once, and keeps the order', async () => {
    const t = libre(lt);
    const before = lt.translateRequests.length;
    const out = await t.translateMany(['Equinix eröffnet Rechenzentrum in Frankfurt', 'Kühlung mit 40 MW', 'Stromausfall'], 'de');
    assert.deepEqual(out, ['Equinix opens data center in Frankfurt', 'cooling mit 40 MW', 'power outage']);
    assert.equal(lt.translateRequests.length - before, 1);
    assert.deepEqual(lt.translateRequests.at(-1)!.body, {
      q: ['Equinix eröffnet Rechenzentrum in Frankfurt', 'Kühlung mit 40 MW', 'Stromausfall'],
      source: 'de',
      target: 'en',
      format: 'text',
    });
    const languagesBefore = lt.languagesRequests;
    await t.translateMany(['refroidissement'], 'fr');
    assert.equal(lt.languagesRequests, languagesBefore, '/languages is asked once, not per request');
  });

  it("names a language as the server does (zh is LibreTranslate's zh-Hans)", async () => {
    assert.deepEqual(await libre(lt).translateMany(['数据中心'], 'zh'), ['data center']);
    assert.equal(lt.translateRequests.at(-1)!.body.source, 'zh-Hans');
  });

  it('knows from /languages which pairs the server lacks, without asking /translate', async () => {
    const before = lt.translateRequests.length;
    const t = libre(lt);
    await assert.rejects(t.translateMany(['text'], 'ja'), UnsupportedPairError);
    await assert.rejects(t.translateMany(['text'], 'ku'), UnsupportedPairError, 'Kurdish is there, but not to English');
    assert.equal(lt.translateRequests.length, before);
  });

  it('splits a batch over the server limits, and declines only a text longer than its character limit', async () => {
    const limited = await startLibreTranslateStandIn({ dictionary, batchLimit: 2, charLimit: 40 });
    try {
      const long = `Rechenzentrum ${'x'.repeat(60)}`;
      const out = await libre(limited).translateMany(['Kühlung', 'Rechenzentrum', long, 'Stromausfall', 'Kühlung 2'], 'de');
      assert.deepEqual(out, ['cooling', 'data center', null, 'power outage', 'cooling 2']);
      assert.ok(limited.translateRequests.length > 1);
    } finally {
      await limited.close();
    }
  });

  it('sends the API key; a wrong key (403) and a missing one (400) are failures naming what the server said', async () => {
    const keyed = await startLibreTranslateStandIn({ dictionary, apiKeys: ['k-good'] });
    try {
      assert.deepEqual(await libre(keyed, { apiKey: 'k-good' }).translateMany(['Kühlung'], 'de'), ['cooling']);
      assert.equal(keyed.translateRequests.at(-1)!.body.api_key, 'k-good');
      await assert.rejects(libre(keyed, { apiKey: 'k-bad' }).translateMany(['Kühlung'], 'de'), (err: Error) => {
        assert.ok(err instanceof TranslationError);
        assert.match(err.message, /403: Invalid API key/);
        return true;
      });
      await assert.rejects(libre(keyed).translateMany(['Kühlung'], 'de'), /400: Please contact the server operator to get an API key/);
    } finally {
      await keyed.close();
    }
  });

  it('waits as long as Retry-After says when rate limited, then gets the translation', async () => {
    const { waits, sleep } = recordedSleep();
    lt.rateLimit(2, 3);
    assert.deepEqual(await libre(lt, { retry: { sleep } }).translateMany(['Kühlung'], 'de'), ['cooling']);
    assert.deepEqual(waits, [3000, 3000]);
  });

  it('backs off exponentially without Retry-After, a bounded number of times, then fails naming the 429', async () => {
    const { waits, sleep } = recordedSleep();
    lt.rateLimit(4);
    await assert.rejects(
      libre(lt, { retry: { sleep, retries: 3, baseDelayMs: 100 } }).translateMany(['Kühlung'], 'de'),
      /429: Slowdown: 30 per 1 minute/,
    );
    assert.deepEqual(waits, [100, 200, 400]);
  });

  it('does not wait when asked to wait longer than its limit', async () => {
    const { waits, sleep } = recordedSleep();
    lt.rateLimit(1, 3600);
    await assert.rejects(libre(lt, { retry: { sleep } }).translateMany(['Kühlung'], 'de'), /429/);
    assert.deepEqual(waits, []);
  });

  it("retries a proxy's 503 and reports a 500 with LibreTranslate's error", async () => {
    const { waits, sleep } = recordedSleep();
    lt.failNext(503);
    assert.deepEqual(await libre(lt, { retry: { sleep } }).translateMany(['Kühlung'], 'de'), ['cooling']);
    assert.equal(waits.length, 1);
    lt.failNext(500);
    await assert.rejects(libre(lt, { retry: { sleep } }).translateMany(['Kühlung'], 'de'), /500: Cannot translate text/);
  });

  it('fails fast when the server is down or does not answer within the deadline', async () => {
    await assert.rejects(libre(lt, { url: await closedPort() }).translateMany(['Kühlung'], 'de'), /LibreTranslate unreachable/);
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      await assert.rejects(libre(lt, { url, timeoutMs: 200 }).translateMany(['Kühlung'], 'de'), /LibreTranslate unreachable/);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('(the stand-in) takes a form body and detects the language when source is auto, as LibreTranslate does', async () => {
    const res = await fetch(`${lt.url}/translate`, {
      method: 'POST',
      body: new URLSearchParams({ q: 'Rechenzentrum', source: 'auto', target: 'en' }),
    });
    assert.deepEqual(await res.json(), { translatedText: 'data center', detectedLanguage: { confidence: 90, language: 'de' } });
    const missing = await fetch(`${lt.url}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'de', target: 'en' }),
    });
    assert.equal(missing.status, 400);
    assert.deepEqual(await missing.json(), { error: 'Invalid request: missing q parameter' });
  });
});

describe('OpenAI-compatible translator against a stand-in of the chat-completions API', () => {
  let ai: OpenAiStandIn;
  before(async () => {
    ai = await startOpenAiStandIn({ dictionary, apiKey: 'sk-test-key' });
  });
  after(() => ai.close());

  const translator = (env: NodeJS.ProcessEnv = {}) =>
    createTranslator(
      loadEngineConfig({ TRANSLATOR: 'openai', OPENAI_BASE_URL: ai.baseUrl, OPENAI_API_KEY: 'sk-test-key', OPENAI_MODEL: 'm1', ...env })
        .translator,
    );

  it('asks for a faithful translation only, with the model and the bearer key', async () => {
    assert.deepEqual(await translator().translateMany(['Rechenzentrum mit 40 MW', 'Kühlung'], 'de'), ['data center mit 40 MW', 'cooling']);
    const call = ai.requests.at(-1)!;
    assert.equal(call.authorization, 'Bearer sk-test-key');
    assert.equal(call.body.model, 'm1');
    const system = call.body.messages![0]!.content;
    assert.match(system, /from German \(de\) to English \(en\)/);
    assert.match(system, /add nothing/);
    assert.match(system, /translation only/);
  });

  it('declines an answer whose numbers are not the source’s, or that talks around the translation', async () => {
    ai.answerWith((_, translated) => `${translated}, worth 120 million euros`);
    assert.deepEqual(await translator().translateMany(['Rechenzentrum mit 40 MW'], 'de'), [null]);
    ai.answerWith((_, translated) => `${translated.replace('40', '400')}`);
    assert.deepEqual(await translator().translateMany(['Rechenzentrum mit 40 MW'], 'de'), [null]);
    ai.answerWith((user) => `Sure! Here is the translation of "${user}" into English. ${'Note the context. '.repeat(10)}`);
    assert.deepEqual(await translator().translateMany(['Kühlung'], 'de'), [null]);
    ai.answerWith(() => '"1,000.5 MW of cooling"');
    assert.deepEqual(await translator().translateMany(['1.000,5 MW Kühlung'], 'de'), ['1,000.5 MW of cooling']);
    ai.answerWith(null);
  });

  it("reports OpenAI's errors: a wrong key (401), rate limiting beyond the retries (429), a server error (500)", async () => {
    await assert.rejects(translator({ OPENAI_API_KEY: 'sk-wrong' }).translateMany(['Kühlung'], 'de'), (err: Error) => {
      assert.ok(err instanceof TranslationError);
      assert.match(err.message, /401: Incorrect API key provided/);
      assert.doesNotMatch(err.message, /sk-wrong/, 'the key itself is not repeated');
      return true;
    });
    const { waits, sleep } = recordedSleep();
    const chat = new ChatClient({ baseUrl: ai.baseUrl, apiKey: 'sk-test-key', model: 'm', timeoutMs: 5000, retry: { sleep } });
    ai.rateLimit(2, 7);
    assert.equal(await chat.complete([{ role: 'user', content: 'Kühlung' }]), 'cooling');
    assert.deepEqual(waits, [7000, 7000]);
    ai.rateLimit(4, 1);
    await assert.rejects(chat.complete([{ role: 'user', content: 'Kühlung' }]), /429: Rate limit reached for requests/);
    ai.failNext();
    await assert.rejects(chat.complete([{ role: 'user', content: 'Kühlung' }]), /500: .*\(server_error\)/);
  });

  it('reads numbers across separators and scripts', () => {
    assert.deepEqual(numbersOf('1.000,5 MW und 40 MW'), numbersOf('40 MW and 1,000.5 MW'));
    assert.deepEqual(numbersOf('٤٠ ميغاواط'), ['40']);
    assert.deepEqual(numbersOf('４０メガワット'), ['40']);
    assert.deepEqual(numbersOf('1 000 racks'), ['1000']);
    assert.ok(sameNumbers('€850 Millionen', '€850 million'));
    assert.ok(!sameNumbers('€850 Millionen', '€0.85 billion'));
  });
});

describe('the cache and the per-pass budget', () => {
  let lt: LibreTranslateStandIn;
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  before(async () => {
    lt = await startLibreTranslateStandIn({ dictionary });
    db = await openTestOrm();
  });
  after(async () => {
    await lt.close();
    await db.close();
  });

  it('translates a text once, whatever the passes; the target language and blanks are never sent', async () => {
    const cached = new CachedTranslator(libre(lt), db.orm.em);
    const before = lt.translateRequests.length;
    for (let pass = 0; pass < 3; pass++) {
      cached.startPass();
      assert.equal(await cached.translate('Rechenzentrum in Madrid', 'de'), 'data center in Madrid');
      const report = cached.endPass();
      assert.equal(report.cached, pass === 0 ? 0 : 1);
    }
    assert.equal(lt.translateRequests.length - before, 1);
    assert.equal(await cached.translate('Already English', 'en'), null);
    assert.deepEqual(await cached.translateAll([{ text: '  ', from: 'de' }]), [null]);
    assert.equal(lt.translateRequests.length - before, 1);
  });

  it('keys the cache by provider and pair: the same text from another language is another translation', async () => {
    const cached = new CachedTranslator(libre(lt), db.orm.em);
    assert.deepEqual(
      await cached.translateAll([
        { text: 'refroidissement', from: 'fr' },
        { text: 'refroidissement', from: 'de' },
      ]),
      ['cooling', 'refroidissement'],
    );
  });

  it('stops sending when the pass budget is spent, says so in one warning, and starts afresh next pass', async () => {
    const logs = captureLogs();
    const cached = new CachedTranslator(libre(lt), db.orm.em, { maxCharsPerPass: 20, logger: logs.logger });
    cached.startPass();
    const texts = ['Kühlung A', 'Kühlung B', 'Kühlung C', 'Kühlung D'].map((text) => ({ text, from: 'de' }));
    assert.deepEqual(await cached.translateAll(texts), ['cooling A', 'cooling B', null, null]);
    const report = cached.endPass();
    assert.equal(report.charsSent, 18);
    assert.equal(report.untranslated.budget, 2);
    const [warning] = logs.warnings();
    assert.match(warning!.msg, /translation budget spent: 18 of 20 characters per pass \(TRANSLATE_MAX_CHARS_PER_PASS\)/);
    assert.match(warning!.msg, /2 texts stay untranslated/);

    cached.startPass();
    assert.deepEqual(await cached.translateAll(texts), ['cooling A', 'cooling B', 'cooling C', 'cooling D']);
    assert.equal(cached.endPass().cached, 2, 'what the last pass translated costs nothing');
  });

  it('when the provider fails, stops calling it for the pass and warns naming the provider, the failure and the count', async () => {
    const logs = captureLogs();
    const cached = new CachedTranslator(libre(lt), db.orm.em, { logger: logs.logger });
    cached.startPass();
    lt.failNext(500);
    const before = lt.translateRequests.length;
    assert.equal(await cached.translate('Stromausfall in Berlin', 'de'), null);
    assert.deepEqual(
      await cached.translateAll([
        { text: 'Stromausfall in Paris', from: 'de' },
        { text: 'refroidissement à Lyon', from: 'fr' },
      ]),
      [null, null],
    );
    assert.equal(lt.translateRequests.length - before, 1, 'one failed request, then none');
    const report = cached.endPass();
    assert.equal(report.untranslated.failed, 3);
    assert.equal(logs.warnings().length, 1);
    assert.equal(
      logs.warnings()[0]!.msg,
      'translation provider libretranslate failed (LibreTranslate answered 500: Cannot translate text: argostranslate worker died); 3 texts stay untranslated this pass, marked with their language',
    );
    cached.startPass();
    assert.equal(await cached.translate('Stromausfall in Berlin', 'de'), 'power outage in Berlin', 'the next pass tries again');
  });

  it('remembers a pair the provider lacks for the rest of the pass', async () => {
    const cached = new CachedTranslator(libre(lt), db.orm.em);
    cached.startPass();
    const before = { translate: lt.translateRequests.length };
    assert.deepEqual(
      await cached.translateAll([
        { text: 'データセンター', from: 'ja' },
        { text: 'Kühlung X', from: 'de' },
      ]),
      [null, 'cooling X'],
    );
    assert.equal(await cached.translate('冷却', 'ja'), null);
    const report = cached.endPass();
    assert.deepEqual(report.unsupportedPairs, ['ja->en']);
    assert.equal(report.untranslated.unsupported, 2);
    assert.equal(lt.translateRequests.length - before.translate, 1);
  });
});

describe('the cache on PostgreSQL', { skip: skipWithoutPostgres() }, () => {
  it('stores each translation once, also when two passes store the same text', async () => {
    const pg = (await startTempPostgres())!;
    const lt = await startLibreTranslateStandIn({ dictionary });
    const orm = await openDatabase({ kind: 'postgresql', url: pg.url });
    try {
      await migrate(orm);
      const [a, b] = [0, 1].map(() => new CachedTranslator(libre(lt), orm.em));
      const texts = [{ text: 'Kühlung in Köln', from: 'de' }];
      assert.deepEqual(await Promise.all([a!.translateAll(texts), b!.translateAll(texts)]), [['cooling in Köln'], ['cooling in Köln']]);
      assert.equal(await orm.em.fork().count(TranslationCacheEntry, {}), 1);
      const before = lt.translateRequests.length;
      assert.equal(await a!.translate('Kühlung in Köln', 'de'), 'cooling in Köln');
      assert.equal(lt.translateRequests.length, before);
    } finally {
      await orm.close();
      await lt.close();
      await pg.stop();
    }
  });
});

describe('configuration', () => {
  it('none (the default) keeps the original, with a budget of 200,000 characters per pass', async () => {
    const config = loadEngineConfig({}).translator;
    assert.equal(config.provider, 'none');
    assert.equal(config.maxCharsPerPass, 200_000);
    assert.deepEqual(await createTranslator(config).translateMany(['Rechenzentrum'], 'de'), [null]);
  });

  it('refuses libretranslate without a URL, with a clear message', () => {
    assert.throws(() => loadEngineConfig({ TRANSLATOR: 'libretranslate' }), /LIBRETRANSLATE_URL/);
  });

  it('reads the budget and the deadline', () => {
    const config = loadEngineConfig({
      TRANSLATOR: 'libretranslate',
      LIBRETRANSLATE_URL: 'http://lt.internal:5000',
      TRANSLATE_MAX_CHARS_PER_PASS: '5000',
      TRANSLATE_TIMEOUT_MS: '2500',
    }).translator;
    assert.equal(config.maxCharsPerPass, 5000);
    assert.ok(config.provider === 'libretranslate' && config.timeoutMs === 2500);
  });
});

const hasApertium = (() => {
  try {
    execFileSync('apertium', ['-l'], { stdio: 'pipe', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
})();

describe('apertium', { skip: hasApertium ? false : 'the apertium command is not installed on this machine' }, () => {
  it('translates a pair it has, and says when it lacks one', async () => {
    const t = new ApertiumTranslator('en');
    const pairs = await t.availablePairs();
    const from = ['es', 'fr', 'ca', 'pt'].find((l) => pairs.has(`${l}-en`));
    if (from) assert.ok((await t.translateMany(['centro de datos'], from))[0]?.length);
    await assert.rejects(t.translateMany(['x'], 'zz'), UnsupportedPairError);
  });
});
