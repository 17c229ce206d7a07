import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { evaluateCorpus, loadCorpus, summarize, titleChecks, type CaseResult } from './feed-corpus.js';

const DIR = path.resolve(import.meta.dirname, '../fixtures/feeds/feedparser');

/**
 * The copies that are not well-formed XML and are read all the same, marked ill-formed (decision 221): the
 * `entities/` ones end in `</rss` or `</feed` with no `>`, or hold a bare `&` or `&#X41;`; two of `illformed/`
 * have their XML declaration after the opening comment.
 */
const READ_ILL_FORMED = [
  'encoding/bozo_invalid-bytes-with-bom.xml',
  'entities/160.xml',
  'entities/732.xml',
  'entities/8216.xml',
  'entities/8217.xml',
  'entities/8220.xml',
  'entities/8221.xml',
  'entities/9830.xml',
  'entities/attr_amp.xml',
  'entities/hex_entity_x_lowercase.xml',
  'entities/hex_entity_x_uppercase.xml',
  'entities/query_variable_entry.xml',
  'entities/query_variable_feed.xml',
  'illformed/aaa_illformed.xml',
  'illformed/rdf_channel_empty_textinput.xml',
  'illformed/rss_incomplete_cdata.xml',
  'illformed/rss_item_link_corrupted_ampersands.xml',
];

/** The one copy refused: an empty document (a comment and nothing else). */
const REFUSED = ['illformed/rss_empty_document.xml'];

/** Title tests whose answer differs from feedparser's, and why (decisions 220, 221). */
const KNOWN_TITLE_DIFFERENCES: Record<string, string> = {
  // HTML5 maps &lang; and &rang; to U+27E8/U+27E9; feedparser keeps HTML 4's U+2329/U+232A.
  'entities/lang.xml': 'HTML5 entity table',
  'entities/rang.xml': 'HTML5 entity table',
  // RSS 2.0 in a prefixed namespace (<r:rss>, <r:item>): feedsmith reads the channel, not the prefixed items.
  'wellformed/namespace/rss2.0NSwithModulesNoDefNS.xml': 'prefixed RSS elements',
  // A whole HTML document in a title: we keep its <title> text and drop the scripts; feedparser keeps more.
  'wellformed/sanitize/entry_title_crazy.xml': 'document in a title',
  'wellformed/sanitize/feed_title_crazy.xml': 'document in a title',
  // Markup-like text that HTML parsing reads as a declaration or a comment (feedparser's sgmllib does not).
  'wellformed/sanitize/xml_declaration_unexpected_character.xml': 'bogus declaration',
  'wellformed/sanitize/xml_malicious_comment.xml': 'comment opened in a title',
};

describe('the feedparser corpus through the ingest (fetch on loopback, parse, normalize)', () => {
  let results: CaseResult[] = [];

  it('reads every feed of the copies but an empty document, and marks those that are not well-formed XML', async () => {
    results = await evaluateCorpus(loadCorpus(DIR));
    assert.equal(results.length, 535);
    const refused = results.filter((r) => r.failure);
    assert.deepEqual(
      refused.map((r) => r.file),
      REFUSED,
    );
    assert.match(refused[0]!.failure!, /^not a readable feed: not well-formed XML: /);
    const illFormed = results.filter((r) => r.illFormed);
    assert.deepEqual(
      illFormed.map((r) => r.file),
      READ_ILL_FORMED,
    );
    for (const r of illFormed) assert.match(r.illFormed!, /^not well-formed XML: .+ \(line \d+\)$/, r.file);
    assert.equal(summarize(results).failedClean, 0, 'no feed feedparser calls well-formed is refused');
  });

  it('reads the links of ill-formed feeds as feedparser does: a bare & is an ampersand, &amp; stays one', () => {
    const urls = (file: string) => results.find((r) => r.file === file)!.urls;
    assert.deepEqual(urls('entities/query_variable_entry.xml'), ['http://example/?a=1&b=2&c']);
    assert.deepEqual(urls('illformed/rss_item_link_corrupted_ampersands.xml'), ['http://link/get?a=1&b=2']);
  });

  it('gets at least 95% of the title tests right in text form, and differs from feedparser only where known', () => {
    const s = summarize(results);
    assert.ok(s.titleTests >= 400, `${s.titleTests} title tests`);
    assert.ok(s.titlesRight / s.titleTests >= 0.95, `${s.titlesRight} of ${s.titleTests}`);
    const wrong = results.filter((r) => r.titles.some((t) => !t.ok)).map((r) => r.file);
    assert.deepEqual(wrong, Object.keys(KNOWN_TITLE_DIFFERENCES).sort());
  });

  it('reads titles with inline markup, entities and a declared plain-text type', () => {
    const title = (file: string, entry: number | null) =>
      results.find((r) => r.file === file)!.titles.find((t) => t.entry === entry)!.actual;
    assert.equal(title('wellformed/atom10/entry_title_inline_markup.xml', 0), 'Example Atom');
    assert.equal(title('wellformed/atom10/entry_title_text_plain_brackets.xml', 0), 'History of the <blink> tag');
    assert.equal(title('wellformed/atom10/entry_title_base64.xml', 0), 'Example Atom');
    assert.equal(title('wellformed/atom/entry_title_base64.xml', 0), 'Example Atom');
    assert.equal(title('entities/aacute.xml', null), 'testing \u00e1 entity', '<rss> without a version');
    assert.equal(title('wellformed/cdf/item_title.xml', 0), 'Example item');
  });

  it('reads <rss> without <channel>, UTF-16 and UTF-32 without a byte-order mark', () => {
    const read = (file: string) => results.find((r) => r.file === file)!;
    assert.equal(read('encoding/encoding_attribute_crash_2.xml').entries, 1, 'the item directly under <rss>');
    for (const file of [
      'encoding/utf-16be-autodetect.xml',
      'encoding/utf-16le-autodetect.xml',
      'encoding/utf-32be-autodetect.xml',
      'encoding/utf-32le-autodetect.xml',
      'encoding/utf-32be-bom.xml',
      'encoding/utf-32le-bom.xml',
    ]) {
      assert.equal(read(file).failure, null, file);
    }
  });
});

describe('titleChecks', () => {
  it("reads feedparser's Python string literals, escapes and concatenations", () => {
    assert.deepEqual(titleChecks(`not bozo and feed['title'] == u'caf\\xe9 \\u2019' and entries[1]['title'] == 'a -' + '- b'`), [
      { entry: null, expected: 'caf\u00e9 \u2019' },
      { entry: 1, expected: 'a -- b' },
    ]);
  });
});
