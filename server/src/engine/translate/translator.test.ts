import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { openTestOrm } from '../../../test/engine/support.js';
import { loadEngineConfig } from '../engine.config.js';
import { ApertiumTranslator, CachedTranslator, createTranslator } from './translator.js';

/** A loopback stand-in for LibreTranslate and an OpenAI-compatible endpoint, recording each call. */
async function startStandIn() {
  const calls: Array<{ path: string; body: Record<string, unknown>; auth?: string }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      calls.push({ path: req.url ?? '', body, auth: req.headers.authorization });
      if (req.url === '/translate') {
        if (body.source === 'xx')
          return res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'xx is not supported' }));
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ translatedText: `[${body.source}->${body.target}] ${body.q}` }));
      }
      if (req.url === '/v1/chat/completions') {
        const user = body.messages.at(-1).content;
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { content: `EN: ${user}` } }] }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, calls, close: () => new Promise((r) => server.close(r)) };
}

describe('translators', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let db: Awaited<ReturnType<typeof openTestOrm>>;
  before(async () => {
    standIn = await startStandIn();
    db = await openTestOrm();
  });
  after(async () => {
    await standIn.close();
    await db.close();
  });

  it('none (the default) keeps the original', async () => {
    const t = createTranslator(loadEngineConfig({}).translator);
    assert.equal(t.provider, 'none');
    assert.equal(await t.translate('Rechenzentrum', 'de'), null);
  });

  it('libretranslate: calls /translate with the key, and declines unsupported pairs', async () => {
    const config = loadEngineConfig({ TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: standIn.base, LIBRETRANSLATE_API_KEY: 'k1' });
    const t = createTranslator(config.translator);
    assert.equal(await t.translate('Rechenzentrum in Frankfurt', 'de'), '[de->en] Rechenzentrum in Frankfurt');
    assert.deepEqual(standIn.calls.at(-1)!.body, {
      q: 'Rechenzentrum in Frankfurt',
      source: 'de',
      target: 'en',
      format: 'text',
      api_key: 'k1',
    });
    assert.equal(await t.translate('???', 'xx'), null);
  });

  it('openai: sends a chat completion with the model and bearer key', async () => {
    const config = loadEngineConfig({
      TRANSLATOR: 'openai',
      OPENAI_BASE_URL: `${standIn.base}/v1`,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'm1',
    });
    const t = createTranslator(config.translator);
    assert.equal(await t.translate('Centre de données', 'fr'), 'EN: Centre de données');
    const call = standIn.calls.at(-1)!;
    assert.equal(call.auth, 'Bearer sk-test');
    assert.equal(call.body.model, 'm1');
  });

  it('caches: the same text is translated once, whatever the number of runs', async () => {
    const config = loadEngineConfig({ TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: standIn.base });
    const cached = new CachedTranslator(createTranslator(config.translator), db.orm.em);
    const before = standIn.calls.length;
    for (let i = 0; i < 3; i++)
      assert.equal(await cached.translate('Centro de datos en Madrid', 'es'), '[es->en] Centro de datos en Madrid');
    assert.equal(standIn.calls.length - before, 1);
    assert.equal(await cached.translate('Already English', 'en'), null, 'nothing to do for the target language');
  });

  it('refuses libretranslate without a URL, with a clear message', () => {
    assert.throws(() => loadEngineConfig({ TRANSLATOR: 'libretranslate' }), /LIBRETRANSLATE_URL/);
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
  it('translates a pair it has, and returns null for one it does not', async () => {
    const t = new ApertiumTranslator('en');
    const pairs = await t.availablePairs();
    const from = ['es', 'fr', 'ca', 'pt'].find((l) => pairs.has(`${l}-en`));
    if (from) assert.ok((await t.translate('centro de datos', from))?.length);
    assert.equal(await t.translate('x', 'zz'), null);
  });
});
