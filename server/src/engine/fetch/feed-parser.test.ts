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

  it('refuses malformed XML and JSON that is not a feed with a FeedParseError', async () => {
    await assert.rejects(parseFeed(fixture('broken.xml'), 's', 'news', BASE), FeedParseError);
    await assert.rejects(parseFeed('{"hello":"world"}', 's', 'news', BASE), /not a JSON Feed/);
  });
});
