import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalUrl, cleanUrl } from '../fetch/canonical-url.js';
import { confirmsDeclared, identifyLanguage } from '../language/identify.js';
import { contentHash, normalizeItem } from './normalize.js';
import { extractMainText } from '../fetch/page-extract.js';
import { htmlToText, transcriptToText } from '../fetch/text.js';

describe('canonical URLs', () => {
  it('drops tracking parameters, fragments, www, AMP and the scheme difference', () => {
    const forms = [
      'https://www.example.com/news/equinix-fr9?utm_source=rss&utm_medium=feed',
      'http://example.com/news/equinix-fr9/#comments',
      'https://example.com/news/equinix-fr9/amp/?fbclid=abc&gclid=1',
      'https://amp.example.com/news/equinix-fr9?ref=homepage',
    ];
    assert.deepEqual(new Set(forms.map(canonicalUrl)), new Set(['https://example.com/news/equinix-fr9']));
  });

  it('keeps parameters that identify the page, sorted', () => {
    assert.equal(canonicalUrl('https://example.com/article.php?p=2&id=42&utm_campaign=x'), 'https://example.com/article.php?id=42&p=2');
    assert.equal(cleanUrl('http://example.com/a?utm_source=x'), 'http://example.com/a');
  });
});

describe('language identification', () => {
  const cases: Array<[string, string]> = [
    ['en', 'Equinix opens a new 60 MW data center in Frankfurt for cloud customers'],
    ['de', 'Microsoft kündigt ein neues Rechenzentrum in Frankfurt an'],
    ['fr', 'Equinix investit 500 millions d’euros dans un centre de données à Paris'],
    ['es', 'Equinix inaugura un nuevo centro de datos de 60 MW en Fráncfort'],
    ['it', 'Equinix apre un nuovo data center da 60 MW a Francoforte'],
    ['nl', 'Equinix opent nieuw datacenter van 60 MW in Frankfurt'],
    ['pl', 'Equinix otwiera nowe centrum danych o mocy 60 MW we Frankfurcie'],
    ['ja', 'Equinixがフランクフルトで60MWのデータセンターを開設'],
    ['zh', 'Equinix在法兰克福开设60兆瓦数据中心'],
    ['ru', 'Центр обработки данных открыт в Москве в этом году'],
    ['ko', '삼성전자가 새로운 데이터센터 건설 계획을 발표했다'],
  ];
  for (const [lang, text] of cases) {
    it(`knows ${lang} from a headline, even when the feed says otherwise`, () => {
      const declared = lang === 'en' ? 'de' : 'en';
      const result = identifyLanguage(text, declared);
      if (lang === 'en') assert.equal(result.language, 'de', 'an English headline in a German feed is too uncertain to override');
      else assert.deepEqual(result, { language: lang, detected: true });
    });
  }

  it('tells Japanese from Chinese on every text of a run, not only the first (no regex state carried over)', () => {
    // The first text's kana come late; the second's only early: a regex remembering where it stopped misses them.
    const first = '東京都港区新本社建設計画発表会開催済大型数据中心投資総額発表。エクイニクスは新しいデータセンターを開設した。';
    const second = 'エクイニクスは東京都港区新本社建設計画発表会開催済大型数据中心投資総額五億円予定開業年度発表済';
    for (const text of [first, second, first, second]) {
      assert.equal(confirmsDeclared(text, 'zh'), false, text);
      assert.deepEqual(identifyLanguage(text, 'zh'), { language: 'ja', detected: true }, text);
    }
    const chinese = 'Equinix在法兰克福开设六十兆瓦数据中心，投资五亿欧元，预计二〇二七年投入运营。';
    assert.equal(confirmsDeclared(chinese, 'zh'), true);
    assert.deepEqual(identifyLanguage(chinese, 'zh'), { language: 'zh', detected: true });
  });

  it('keeps the declared language for texts too short to tell', () => {
    assert.deepEqual(identifyLanguage('Equinix FR9', 'de-DE'), { language: 'de', detected: false });
  });
});

describe('text cleaning', () => {
  it('turns feed HTML into paragraphs without scripts or entities', () => {
    assert.equal(htmlToText('<p>A &amp; B</p><script>alert(1)</script><p>C&nbsp;D</p>'), 'A & B\nC D');
  });

  it('turns a WebVTT transcript into prose', () => {
    const vtt = 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n<v Host>Hello.\n\n2\n00:00:02.000 --> 00:00:04.000\n<v Guest>We run 24 MW.';
    assert.equal(transcriptToText(vtt, 'text/vtt'), 'Hello. We run 24 MW.');
  });

  it('extracts the main text of an article page without navigation or footer', () => {
    const html = `<html><body><nav>Home News Subscribe</nav><article><h1>T</h1>${'<p>Vertiv delivered 2,000 coolant distribution units to a 300 MW campus near Abilene, Texas, on Thursday.</p>'.repeat(4)}</article><footer>Cookie settings</footer></body></html>`;
    const out = extractMainText(html, 'https://example.com/a');
    assert.ok(out);
    assert.match(out.text, /2,000 coolant distribution units/);
    assert.doesNotMatch(out.text, /Cookie settings|Subscribe/);
  });
});

describe('normalizeItem', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const item = {
    sourceId: 's',
    guid: 'g1',
    url: 'https://www.example.com/a?utm_source=rss',
    title: 'Equinix <b>opens</b> FR9',
    body: '<p>Equinix opened FR9, a 60 MW data center in Frankfurt, on Friday.</p>',
    transcripts: [],
    author: null,
    publishedAt: new Date('2027-01-01T00:00:00Z'),
    kind: 'news' as const,
    categories: [],
  };

  it('cleans, canonicalizes, hashes and clamps a future date to now', () => {
    const n = normalizeItem(item, { declaredLanguage: 'en-GB', now })!;
    assert.equal(n.title, 'Equinix opens FR9');
    assert.equal(n.canonicalUrl, 'https://example.com/a');
    assert.equal(n.language, 'en');
    assert.equal(n.publishedAt.getTime(), now.getTime());
    assert.equal(n.contentHash, contentHash('EQUINIX opens fr9', 'Equinix opened FR9,   a 60 MW data center in Frankfurt, on Friday!'));
  });

  it('gives an item without a link a stable identity from its guid', () => {
    const a = normalizeItem({ ...item, url: null }, { declaredLanguage: 'en', now })!;
    const b = normalizeItem({ ...item, url: null }, { declaredLanguage: 'en', now })!;
    assert.equal(a.canonicalUrl, b.canonicalUrl);
    assert.match(a.canonicalUrl, /^urn:dcbrief:/);
  });
});
