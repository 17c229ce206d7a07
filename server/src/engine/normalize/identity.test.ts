import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FetchedItem } from '../types.js';
import { normalizeFresh, normalizeItem } from './normalize.js';

const now = new Date('2026-11-20T12:00:00Z');
const base: FetchedItem = {
  sourceId: 'pod',
  guid: null,
  url: null,
  enclosureUrl: null,
  title: 'Episode 212: liquid cooling at 100 kW a rack',
  body: '<p>Show notes: the host talks to an engineer about rear-door heat exchangers.</p>',
  transcripts: [],
  author: null,
  publishedAt: new Date('2026-11-19T08:00:00Z'),
  kind: 'podcast',
  categories: [],
};
const norm = (item: Partial<FetchedItem>) => normalizeItem({ ...base, ...item }, { declaredLanguage: 'en', now });

describe("an item's identity: guid, then link, then enclosure, then source, title and date", () => {
  it('keeps an episode that has only an enclosure, its audio as its address', () => {
    const n = norm({ enclosureUrl: 'https://cdn.example.com/212.mp3' })!;
    assert.ok(n, 'the episode is kept');
    assert.equal(n.url, 'https://cdn.example.com/212.mp3');
    assert.equal(n.canonicalUrl, 'https://cdn.example.com/212.mp3');
  });

  it('prefers the link as the address, and the guid as the identity key', () => {
    const withLink = norm({ guid: 'ep-212', url: 'https://example.com/212', enclosureUrl: 'https://cdn.example.com/212.mp3' })!;
    assert.equal(withLink.canonicalUrl, 'https://example.com/212');
    const sameGuidOtherLink = norm({ guid: 'ep-212', url: 'https://example.com/212?page=2' })!;
    assert.equal(withLink.guidKey, sameGuidOtherLink.guidKey, 'the guid decides the identity key');
    const noGuid = norm({ url: 'https://example.com/212' })!;
    assert.notEqual(noGuid.guidKey, withLink.guidKey);
  });

  it('gives an item with no guid, link or enclosure a stable identity from its source, title and date', () => {
    const a = norm({})!;
    const b = norm({})!;
    assert.match(a.canonicalUrl, /^urn:dcbrief:/);
    assert.equal(a.canonicalUrl, b.canonicalUrl, 'the same item on the next fetch is the same article');
    assert.notEqual(norm({ publishedAt: new Date('2026-11-18T08:00:00Z') })!.canonicalUrl, a.canonicalUrl, 'another date, another item');
    assert.notEqual(norm({ title: 'Episode 213' })!.canonicalUrl, a.canonicalUrl, 'another title, another item');
    assert.notEqual(norm({ sourceId: 'other' })!.canonicalUrl, a.canonicalUrl, 'another source, another item');
  });
});

describe('normalizeFresh', () => {
  it('leaves out an item that cannot be normalized and keeps the rest of its feed', () => {
    const broken = { ...base, title: { not: 'a string' } as unknown as string };
    const out = normalizeFresh(
      [
        { item: { ...base, guid: 'a' }, pageText: null, transcriptText: null },
        { item: broken, pageText: null, transcriptText: null },
        { item: { ...base, guid: 'c', title: 'Episode 213: grid connections' }, pageText: null, transcriptText: null },
      ],
      'en',
      now,
    );
    assert.deepEqual(
      out.map((n) => n.title),
      ['Episode 212: liquid cooling at 100 kW a rack', 'Episode 213: grid connections'],
    );
  });

  it('reads a whole HTML document pasted into a title (the DOM parser used to throw on its DOCTYPE)', () => {
    const n = norm({
      title: '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN"><html><head><title>Crazy HTML</title></head><body>x</body></html>',
    })!;
    assert.equal(n.title, 'Crazy HTML x');
  });
});
