import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { PREVIEW_BANNER } from '../../src/delivery/preview.js';
import { LinkSigner } from '../../src/delivery/tokens.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { cliEnv, startTestServer } from '../support/harness.js';
import { runCli } from '../support/run-cli.js';
import { addSubscribers, deliveryDeps } from './fixtures.js';

/** Every string shaped like an email-link token (payload.signature) that the server's key accepts. */
function liveTokens(signer: LinkSigner, content: string): string[] {
  return [...content.matchAll(/[\w-]{8,}\.[\w-]{22}/g)].map((m) => m[0]).filter((t) => signer.verify(t) !== null);
}

test('deliver --preview writes the digest with inert rating and unsubscribe links: no token the server would accept', async () => {
  const ts = await startTestServer({ now: '2026-11-24T06:05:00Z' });
  try {
    await addSubscribers(ts.orm, [{ email: 'reader@preview.example', firstName: 'Rae' }]);
    await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
    const signer = new LinkSigner(ts.config.sessionSecret);
    const [sent] = await ts.mailFolder();
    assert.ok(liveTokens(signer, sent!.html as string).length >= 6, 'the email itself carries live rating and unsubscribe tokens');
    const digest = await ts.orm.em.fork().findOneOrFail(Digest, { kind: 'daily' });

    const out = path.join(ts.dataDir, 'preview.html');
    // Same DATA_DIR: the same database and the same SESSION_SECRET (kept in the data directory) as the server.
    const result = await runCli('deliver.ts', ['--preview', digest.id, '--out', out], cliEnv(ts));
    assert.equal(result.status, 0, result.stderr);

    const html = readFileSync(out, 'utf8');
    const text = readFileSync(out.replace(/\.html$/, '.txt'), 'utf8');
    for (const part of [html, text]) {
      assert.deepEqual(liveTokens(signer, part), [], 'no live token');
      assert.ok(part.includes(PREVIEW_BANNER), 'marked as a preview');
      assert.ok(part.includes('Equinix opens 60 MW MD7 campus in Madrid'), 'the same content as the email');
      assert.doesNotMatch(part, /\/api\/email\//, 'no address of the rating or unsubscribe routes');
    }
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(
      hrefs.filter((h) => h!.startsWith('#preview-rating-')),
      [1, 2, 3, 4, 5].map((n) => `#preview-rating-${n}`),
    );
    assert.ok(hrefs.includes('#preview-unsubscribe'));
    assert.ok(hrefs.includes('https://dcd.example/s-madrid'), 'source links stay');
    assert.match(result.stdout, /links are disabled in the preview/);
  } finally {
    await ts.close();
  }
});
