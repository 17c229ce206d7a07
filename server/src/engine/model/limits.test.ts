import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ArticleSchema } from './article.entity.js';
import { columnLength, LIMITS, overflowing, truncate } from './limits.js';
import { normalizeItem } from '../normalize/normalize.js';
import type { FetchedItem } from '../types.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('column limits', () => {
  it('reads the lengths from the entity schemas', () => {
    assert.equal(columnLength(ArticleSchema, 'canonicalUrl'), 1000);
    assert.equal(columnLength(ArticleSchema, 'text'), undefined, 'text columns have no limit');
    assert.equal(LIMITS.url, 1000);
    assert.equal(LIMITS.etag, 500);
    assert.deepEqual(overflowing(ArticleSchema, { title: 'x'.repeat(1001), text: 'y'.repeat(5000), url: 'ok' }), ['title (1001 > 1000)']);
  });

  it('cuts at a character boundary: never inside a surrogate pair or before a combining mark', () => {
    const emoji = `${'a'.repeat(8)}😀😀`;
    for (let max = 2; max <= 11; max++) {
      const cut = truncate(emoji, max);
      assert.ok(cut.length <= max, `${max}: ${cut}`);
      assert.doesNotMatch(cut, LONE_SURROGATE);
    }
    assert.equal(truncate('abcdefghie\u0301xyz', 11), 'abcdefghi…', 'the accent stays with its letter');
    assert.equal(truncate('The operator opened a new campus', 30), 'The operator opened a new…');
    assert.equal(truncate('データセンターを開設しました', 8), 'データセンター…');
    assert.equal(truncate('short', 10), 'short');
  });

  it('drops an item whose link is too long to store whole, and cuts a long title and author', () => {
    const item = (url: string, title = 'Equinix opens FR9'): FetchedItem => ({
      sourceId: 's',
      guid: 'g1',
      url,
      title,
      body: 'Equinix opened its FR9 data center in Frankfurt on Friday with 60 MW of capacity.',
      transcripts: [],
      author: 'A'.repeat(400),
      publishedAt: null,
      kind: 'news',
      categories: [],
    });
    const ctx = { declaredLanguage: 'en', now: new Date('2026-11-20T12:00:00Z') };
    assert.equal(normalizeItem(item(`https://example.com/${'a'.repeat(990)}`), ctx), null);
    const ok = normalizeItem(
      item(`https://example.com/${'a'.repeat(900)}?utm_source=${'x'.repeat(300)}`, `${'Titel '.repeat(99)}𝐀𝐁𝐂 end`),
      ctx,
    )!;
    assert.ok(ok, 'tracking parameters are removed before the length is checked');
    assert.ok(ok.canonicalUrl.length <= 1000);
    assert.ok(ok.title.length <= LIMITS.title);
    assert.doesNotMatch(ok.title, LONE_SURROGATE);
    assert.ok(ok.author!.length <= LIMITS.author);
  });
});
