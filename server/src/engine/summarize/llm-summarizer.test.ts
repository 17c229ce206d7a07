import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ChatClient } from '../translate/translator.js';
import type { SummaryArticle } from './extractive.js';
import { LlmSummarizer, verify } from './llm-summarizer.js';

const articles: SummaryArticle[] = [
  {
    id: 'a1',
    sourceId: 'dcd',
    sourceWeight: 1,
    title: 'Equinix to build FR9',
    language: 'en',
    text: 'Equinix will invest €500 million in FR9, a 60 MW data center in Frankfurt. The building in Sossenheim will offer 4,800 cabinets. Mainova connects the site through a 110 kV substation.',
  },
  {
    id: 'a2',
    sourceId: 'heise',
    sourceWeight: 1,
    title: 'Equinix baut FR9',
    language: 'de',
    text: 'Equinix investiert 500 Millionen Euro in das Rechenzentrum FR9 in Frankfurt mit 60 Megawatt.',
  },
];

describe('LLM summarizer (OpenAI-compatible stand-in on loopback)', () => {
  let server: http.Server;
  let base = '';
  let reply = '';
  before(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: reply } }] })),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  const summarizer = () => new LlmSummarizer(new ChatClient({ baseUrl: base, apiKey: null, model: 'm', timeoutMs: 5000 }));

  it('keeps verified sentences and replaces those with invented numbers, names, opinions or no source', async () => {
    reply = JSON.stringify({
      brief: [{ text: 'Equinix will spend €500 million on a 60 MW data center in Frankfurt.', articles: [1, 2] }],
      standard: [
        { text: 'Equinix will spend €500 million on a 60 MW data center in Frankfurt.', articles: [1] },
        { text: 'The site will offer 9,000 cabinets.', articles: [1] },
        { text: 'Digital Realty is building next door in Frankfurt.', articles: [1] },
      ],
      detailed: [
        { text: 'Equinix will spend €500 million on a 60 MW data center in Frankfurt.', articles: [1] },
        { text: 'This is probably the best data center in Germany.', articles: [1] },
        { text: 'Mainova connects the site through a 110 kV substation.', articles: [7] },
      ],
    });
    const s = summarizer();
    const out = await s.summarize(articles, 'en');
    assert.equal(out.brief[0]!.text, 'Equinix will spend €500 million on a 60 MW data center in Frankfurt.');
    assert.deepEqual(out.brief[0]!.sourceIds, ['dcd', 'heise']);
    const standard = out.standard.map((x) => x.text);
    assert.ok(!standard.some((t) => /9,000|Digital Realty/.test(t)), JSON.stringify(out.standard));
    assert.ok(out.standard.every((x) => x.sourceIds.length > 0));
    const detailed = out.detailed.map((x) => x.text);
    assert.ok(!detailed.some((t) => /best data center/.test(t)));
    assert.equal(s.lastReport.kept, 3);
    assert.equal(s.lastReport.replaced, 4, JSON.stringify(s.lastReport.reasons));
    assert.ok(s.lastReport.reasons.some((r) => /number 9000/.test(r)));
    assert.ok(s.lastReport.reasons.some((r) => /name (Digital|Realty) not in sources/.test(r)));
    assert.ok(s.lastReport.reasons.some((r) => /no valid source/.test(r)));
  });

  it('checks a capitalised word that opens a sentence unless it is an ordinary word', async () => {
    reply = JSON.stringify({
      brief: [{ text: 'Microsoft will build a 60 MW data center in Frankfurt.', articles: [1] }],
      standard: [
        { text: 'The building in Sossenheim will offer 4,800 cabinets.', articles: [1] },
        { text: 'Building work in Sossenheim covers 4,800 cabinets.', articles: [1] },
        { text: 'Mainova connects the site through a 110 kV substation. Google supplies the power.', articles: [1] },
      ],
      detailed: [],
    });
    const s = summarizer();
    const out = await s.summarize(articles, 'en');
    assert.ok(!out.brief.some((x) => /Microsoft/.test(x.text)), JSON.stringify(out.brief));
    assert.ok(
      s.lastReport.reasons.some((r) => /name Microsoft not in sources/.test(r)),
      JSON.stringify(s.lastReport.reasons),
    );
    assert.ok(
      s.lastReport.reasons.some((r) => /name Google not in sources/.test(r)),
      'a name opening a later sentence of the reply is checked too',
    );
    const standard = out.standard.map((x) => x.text);
    assert.ok(
      standard.includes('The building in Sossenheim will offer 4,800 cabinets.'),
      'a function word opening the sentence is no name',
    );
    assert.ok(standard.includes('Building work in Sossenheim covers 4,800 cabinets.'), 'a word the sources write in lower case is no name');
    assert.equal(s.lastReport.kept, 2);
  });

  it('checks numbers and gazetteer names in scripts without case against the cited articles', () => {
    const ok = (text: string, language = 'ja') => verify({ text, articles: [1, 2] }, articles, language);
    assert.equal(
      ok('エクイニクスはフランクフルトに60MWのデータセンターを建設する。').ok,
      true,
      'Equinix and Frankfurt, written in katakana',
    );
    assert.equal(ok('Equinixはフランクフルトに６０ＭＷのデータセンターを建設する。').ok, true, 'full-width digits are the same number');
    const microsoft = ok('マイクロソフトはフランクフルトに60MWのデータセンターを建設する。');
    assert.ok(!microsoft.ok && /name microsoft not in sources/.test(microsoft.reason), JSON.stringify(microsoft));
    const number = ok('エクイニクスはフランクフルトに９０MWのデータセンターを建設する。');
    assert.ok(!number.ok && /number 90 not in sources/.test(number.reason), JSON.stringify(number));
    const latin = ok('Digital Realtyはフランクフルトに60MWのデータセンターを建設する。');
    assert.ok(!latin.ok && /name Digital not in sources/.test(latin.reason), 'a Latin name inside Japanese text is checked');
    const arabic = ok('ستستثمر إكوينكس ٥٠٠ مليون يورو في فرانكفورت.', 'ar');
    assert.ok(arabic.ok, JSON.stringify(arabic));
    const arabicNumber = ok('ستستثمر إكوينكس ٧٠٠ مليون يورو في فرانكفورت.', 'ar');
    assert.ok(!arabicNumber.ok && /number 700/.test(arabicNumber.reason), 'Arabic-Indic digits are read as numbers');
    assert.equal(
      ok('Франкфурт получит центр обработки данных Equinix мощностью 60 МВт.', 'ru').ok,
      true,
      'a place name in another script, by the gazetteer',
    );
  });

  it('falls back to the extractive summary when the reply is not JSON', async () => {
    reply = 'Sorry, I cannot help with that.';
    const out = await summarizer().summarize(articles, 'en');
    assert.equal(out.brief[0]!.text, 'Equinix will invest €500 million in FR9, a 60 MW data center in Frankfurt.');
  });
});
