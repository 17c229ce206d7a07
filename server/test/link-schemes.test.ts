import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DigestStory } from '@dcbrief/shared';
import { renderDigestEmail } from '../src/delivery/render.js';
import { normalizeItem } from '../src/engine/normalize/normalize.js';
import type { FetchedItem } from '../src/engine/types.js';

/** Links a feed may carry that must never become an href (decision 502). */
const HOSTILE_LINKS = [
  'javascript:alert(document.cookie)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'ftp://files.example/a',
  'file:///etc/passwd',
];
const WEB = /^(https?:\/\/|mailto:)/i;

function fetched(url: string | null, guid: string | null = 'guid-1'): FetchedItem {
  return {
    sourceId: 'src-1',
    guid,
    url,
    title: 'Operator opens a 40 MW campus in Frankfurt',
    body: '<p>The operator opened a 40 MW data center campus in Frankfurt on Monday, its third in Germany.</p>',
    transcripts: [],
    author: null,
    publishedAt: new Date('2026-11-20T08:00:00Z'),
    kind: 'news',
    categories: [],
  };
}

/** Every href of an HTML document (double- or single-quoted, any case). */
function hrefs(html: string): string[] {
  return [...html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&'));
}

function storyWith(urls: string[]): DigestStory {
  return {
    id: 'story-links',
    title: 'Operator opens a 40 MW campus in Frankfurt',
    interest: 'infrastructure',
    summary: [{ text: 'The operator opened a 40 MW campus.', language: 'en', sourceIds: urls.map((_, i) => `s${i}`) }],
    sources: urls.map((url, i) => ({ id: `s${i}`, name: `Outlet ${i}`, url, language: 'en' })),
    corroboration: urls.length,
    languages: ['en'],
    keyFigures: [],
    firstSeenAt: '2026-11-20T08:00:00.000Z',
  } as unknown as DigestStory;
}

describe('no rendered link has a scheme other than http(s) or mailto', () => {
  test('intake: a feed item whose link is not http(s) keeps no link (its guid, else a hash, is its identity)', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    for (const link of HOSTILE_LINKS) {
      const item = normalizeItem(fetched(link), { declaredLanguage: 'en', now });
      assert.ok(item, link);
      assert.match(item.url, /^urn:dcbrief:/, `${JSON.stringify(link)} became ${item.url}`);
      // No web link and no guid: known by a hash of source, title and date (decision 220), never by the hostile link.
      const unnamed = normalizeItem(fetched(link, null), { declaredLanguage: 'en', now });
      assert.match(unnamed?.url ?? '', /^urn:dcbrief:/, `${JSON.stringify(link)} without a guid`);
    }
    assert.equal(
      normalizeItem(fetched('https://dc.example/a?utm_source=rss'), { declaredLanguage: 'en', now })!.url,
      'https://dc.example/a',
    );
  });

  test('email: sources with hostile addresses are named, not linked, in HTML and text', () => {
    const links = {
      web: 'https://brief.example/digests/d1',
      rate: (n: number) => `https://brief.example/rate?r=${n}`,
      unsubscribe: 'https://brief.example/unsubscribe',
      preferences: 'https://brief.example/dashboard',
    };
    const story = storyWith([...HOSTILE_LINKS, 'urn:dcbrief:src-1:abc', 'https://safe.example/a']);
    const email = renderDigestEmail(
      'Ada',
      { kind: 'daily', date: '2026-11-21', title: 'Data-center brief', stories: [story], quiet: false },
      links,
    );
    const all = hrefs(email.html);
    assert.ok(all.length > 5);
    for (const href of all) assert.match(href, WEB, href);
    assert.ok(all.includes('https://safe.example/a'));
    assert.doesNotMatch(email.html, /javascript|vbscript|data:text|file:|urn:dcbrief/i);
    assert.doesNotMatch(email.text, /javascript|vbscript|data:text|file:|urn:dcbrief/i);
    assert.match(email.html, /Outlet 0/);
  });
  // The web reader renders the API's digest data: web/src/features/digests/components/digest-story.test.tsx
  // feeds it these addresses and finds no href outside http(s), mailto and its own #anchors.
});
