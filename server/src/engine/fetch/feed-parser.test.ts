import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FeedParseError, parseFeed } from './feed-parser.js';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/feeds', name), 'utf8');
const BASE = 'http://127.0.0.1/';

describe('parseFeed', () => {
  it('reads RSS 2.0 with content:encoded, guid, author and date', async () => {
    const { items } = await parseFeed(fixture('dcd-en.xml'), 's', 'news', BASE);
    assert.equal(items.length, 2);
    assert.equal(items[0]!.title, 'Equinix to build 60 MW FR9 data center in Frankfurt');
    assert.equal(items[0]!.guid, 'en-equinix-fr9');
    assert.match(items[0]!.body, /<p>Equinix will invest €500 million/);
    assert.equal(items[0]!.publishedAt?.toISOString(), '2026-11-20T08:00:00.000Z');
    assert.equal(items[0]!.author, 'Staff');
  });

  it('reads RSS 1.0 / RDF with dc:date', async () => {
    const { items } = await parseFeed(fixture('ja.rdf'), 's', 'news', BASE);
    assert.equal(items.length, 1);
    assert.match(items[0]!.title, /フランクフルト/);
    assert.equal(items[0]!.publishedAt?.toISOString(), '2026-11-20T10:00:00.000Z');
  });

  it('reads Atom with HTML content', async () => {
    const { items } = await parseFeed(fixture('heise-de.atom'), 's', 'news', BASE);
    assert.equal(items[0]!.url, 'http://127.0.0.1/de/equinix-fr9');
    assert.match(items[0]!.body, /500 Millionen Euro/);
  });

  it('reads JSON Feed 1.1', async () => {
    const { title, items } = await parseFeed(fixture('es.json'), 's', 'news', BASE);
    assert.equal(title, 'Centros de Datos Hoy (ES)');
    assert.equal(items.length, 2);
    assert.equal(items[0]!.author, 'Redacción');
    assert.equal(items[0]!.guid, 'es-equinix-fr9');
  });

  it('reads podcast episodes with their transcript links, plain formats first', async () => {
    const { items } = await parseFeed(fixture('podcast.xml'), 's', 'news', BASE);
    assert.equal(items[0]!.kind, 'podcast', 'an audio enclosure makes an episode');
    assert.deepEqual(items[0]!.transcripts, [{ url: 'http://127.0.0.1/podcast/212.vtt', type: 'text/vtt' }]);
  });

  it('refuses an HTML page and JSON that is not a feed with a FeedParseError', async () => {
    await assert.rejects(parseFeed(fixture('broken.xml'), 's', 'news', BASE), FeedParseError);
    await assert.rejects(parseFeed('{"hello":"world"}', 's', 'news', BASE), /not a JSON Feed/);
  });
});

describe('parseFeed on hostile feeds', () => {
  it('reads <rss> without a version and without a <channel>, HTML entities included', async () => {
    const { items } = await parseFeed(
      '<rss><item><title>Caf&eacute; &amp; co</title><link>/a</link></item><item><title>Two</title><guid>g2</guid></item></rss>',
      's',
      'news',
      BASE,
    );
    assert.deepEqual(
      items.map((i) => [i.title, i.url, i.guid]),
      [
        ['Café & co', 'http://127.0.0.1/a', null],
        ['Two', null, 'g2'],
      ],
    );
  });

  it('reads an empty but well-formed feed as a feed with no items', async () => {
    assert.deepEqual(await parseFeed('<rss version="2.0">\n</rss>', 's', 'news', BASE), {
      title: null,
      items: [],
      skipped: 0,
      illFormed: null,
    });
    assert.deepEqual((await parseFeed('<feed xmlns="http://www.w3.org/2005/Atom"/>', 's', 'news', BASE)).items, []);
  });

  it('gives Atom titles as HTML by their type: inline markup kept as markup, a text title escaped', async () => {
    const { items } = await parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom">
        <entry><id>1</id><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Equinix <b>FR9</b></div></title></entry>
        <entry><id>2</id><title type="text">History of the &lt;blink&gt; tag</title></entry>
        <entry><id>3</id><title type="html">&lt;i&gt;Vantage&lt;/i&gt; &amp;amp; Nscale</title></entry>
      </feed>`,
      's',
      'news',
      BASE,
    );
    assert.deepEqual(
      items.map((i) => i.title),
      ['Equinix <b>FR9</b>', 'History of the &lt;blink&gt; tag', '<i>Vantage</i> &amp; Nscale'],
    );
  });

  it('keeps an episode that has only an enclosure, with the enclosure as its address (http(s) only)', async () => {
    const { items } = await parseFeed(
      `<rss version="2.0"><channel><title>Pod</title>
        <item><title>Episode 7</title><enclosure url="/audio/7.mp3" type="audio/mpeg" length="1"/></item>
        <item><title>Episode 8</title><enclosure url="javascript:alert(1)" type="audio/mpeg" length="1"/></item>
      </channel></rss>`,
      's',
      'news',
      BASE,
    );
    assert.equal(items[0]!.enclosureUrl, 'http://127.0.0.1/audio/7.mp3');
    assert.equal(items[0]!.kind, 'podcast');
    assert.equal(items[1]!.enclosureUrl, null);
  });

  it('reads ill-formed XML as feedparser does and says why it is not well-formed', async () => {
    const feed = await parseFeed(
      `<!-- generated -->
<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>AT&T news</title>
  <item><title>Caf&eacute; &#X41;</title><link>http://x.example/?a=1&b=2</link></bold></item>
</channel></rss`,
      's',
      'news',
      BASE,
    );
    assert.match(feed.illFormed!, /^not well-formed XML: .+ \(line \d+\)$/);
    assert.equal(feed.title, 'AT&T news');
    assert.deepEqual(
      feed.items.map((i) => [i.title, i.url]),
      [['Café A', 'http://x.example/?a=1&b=2']],
    );
    assert.equal((await parseFeed(fixture('dcd-en.xml'), 's', 'news', BASE)).illFormed, null);
  });

  it('leaves out an entry cut off by the end of the document, and counts it', async () => {
    const feed = await parseFeed(
      '<rss version="2.0"><channel><item><title>Whole</title><guid>1</guid></item><item><title>Cut</title><description>Equinix said on',
      's',
      'news',
      BASE,
    );
    assert.deepEqual(
      feed.items.map((i) => i.title),
      ['Whole'],
    );
    assert.equal(feed.skipped, 1);
    assert.ok(feed.illFormed);
  });

  it('still refuses what has nothing like a feed in it', async () => {
    await assert.rejects(parseFeed('<!-- nothing here -->', 's', 'news', BASE), /not a readable feed: not well-formed XML/);
    await assert.rejects(parseFeed('<html><body>Not a feed</body></html>', 's', 'news', BASE), /the document is <html>/);
    await assert.rejects(parseFeed('<html><body><p>Database error<br></body></html>', 's', 'news', BASE), /the document is <html>/);
  });
});

describe('parseFeed and DOCTYPEs', () => {
  it('reads a feed whose DOCTYPE declares entities, without expanding them', async () => {
    const doc = `<?xml version="1.0"?>
<!DOCTYPE rss [
<!ENTITY % HTMLlat1 PUBLIC "-//W3C//ENTITIES Latin 1 for XHTML//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml-lat1.ent">
%HTMLlat1;
<!ENTITY lol "lollollollollollollollollollol">
]>
<rss version="2.0"><channel><item><title>Caf&eacute; &lol;</title><link>http://127.0.0.1/a</link></item></channel></rss>`;
    const { items } = await parseFeed(doc, 's', 'news', BASE);
    assert.equal(items.length, 1);
    assert.equal(items[0]!.title, 'Café &lol;');
  });

  it('never expands entities declared in the DOCTYPE of a document that is not well-formed either', async () => {
    const doc = `<?xml version="1.0"?>
<!DOCTYPE rss [
<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
]>
<rss version="2.0"><channel><item><title>AT&T &b;</title><link>http://127.0.0.1/a</link></item></channel></rss`;
    const feed = await parseFeed(doc, 's', 'news', BASE);
    assert.ok(feed.illFormed);
    assert.equal(feed.items[0]!.title, 'AT&T &b;');
  });
});
