import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FUNCTION_WORDS } from '../language/identify.js';
import { loadCatalog } from '../sources/catalog.js';
import { conceptsIn, fieldLexicon, INTERNATIONAL, lexiconKey, LexiconError, loadLexicon, SHIPPED_LEXICON } from './lexicon.js';
import { normalizeForMatch } from './matcher.js';

const file = JSON.parse(readFileSync(SHIPPED_LEXICON, 'utf8')) as {
  languages: Record<string, unknown>;
  concepts: Array<{ id: string; interests: Record<string, number>; terms: Record<string, string[]> }>;
};
const lexicon = fieldLexicon();
const ids = (text: string, language: string | string[]) => [...lexicon.conceptIds(text, language)].sort();
/** A term as text: stems and compound marks removed ("centr* danych" -> "centr danych"). */
const asText = (term: string) => term.replace(/\*/g, '');

describe('the shipped lexicon', () => {
  it('holds 60 to 120 concepts of the field, each pointing to at least one interest', () => {
    assert.ok(file.concepts.length >= 60 && file.concepts.length <= 120, String(file.concepts.length));
    for (const c of file.concepts) assert.ok(Object.keys(c.interests).length > 0, c.id);
  });

  it('covers every language of the source catalog, for every concept', () => {
    for (const source of loadCatalog()) assert.ok(lexiconKey(source.language, lexicon.languages), `${source.id}: ${source.language}`);
    for (const c of file.concepts)
      for (const lang of lexicon.languages)
        assert.ok(c.terms[lang]?.length || c.terms[INTERNATIONAL]?.length, `${c.id} has no term in ${lang}`);
  });

  it('gives no term to two concepts in one language', () => {
    for (const lang of lexicon.languages) {
      const owner = new Map<string, string>();
      for (const c of file.concepts)
        for (const term of [...(c.terms[INTERNATIONAL] ?? []), ...(c.terms[lang] ?? [])]) {
          const key = normalizeForMatch(term) + (term.endsWith('*') ? '*' : '');
          const other = owner.get(key);
          assert.ok(!other || other === c.id, `${lang} "${term}" is in ${other} and ${c.id}`);
          owner.set(key, c.id);
        }
    }
  });

  it('keeps stems and compound parts long enough to mean one thing', () => {
    for (const c of file.concepts)
      for (const [lang, terms] of Object.entries(c.terms))
        for (const term of terms) {
          const first = normalizeForMatch(asText(term.split(/\s+/)[0]!)).trim();
          // Letters, digits and the vowel signs that belong to letters (Indic scripts write vowels as marks).
          const length = (first.match(/[\p{L}\p{M}\p{N}]/gu) ?? []).length;
          const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u.test(first);
          if (unspaced) continue;
          if (/^\S+\*/.test(term)) assert.ok(length >= 3, `${c.id} ${lang} "${term}": stem too short`);
          if (term.startsWith('*')) assert.ok(length >= 4, `${c.id} ${lang} "${term}": compound part too short`);
        }
  });

  it("lists none of a language's most frequent function words as a term", () => {
    for (const c of file.concepts)
      for (const [lang, terms] of Object.entries(c.terms)) {
        const words = FUNCTION_WORDS[lang === 'nb' ? 'no' : lang];
        for (const term of terms) assert.ok(!words?.has(term.toLowerCase()), `${c.id} ${lang} "${term}"`);
      }
  });

  it('finds every term of every language as its own concept (no term hidden by a longer one)', () => {
    const hidden: string[] = [];
    for (const c of file.concepts)
      for (const [lang, terms] of Object.entries(c.terms))
        for (const term of terms) {
          const language = lang === INTERNATIONAL ? 'en' : lang;
          if (!lexicon.conceptIds(asText(term), language).has(c.id)) hidden.push(`${c.id} ${lang} "${term}"`);
        }
    assert.deepEqual(hidden, []);
  });
});

describe('finding concepts in text', () => {
  it('matches stems, and compounds by their last part', () => {
    assert.deepEqual(ids('Rechenzentrumsbetreiber', 'de'), ['data-center']);
    assert.deepEqual(ids('Stromausfall', 'de'), ['power-outage'], 'the longer term wins over "ausfall"');
    assert.deepEqual(ids('Großbrand', 'de'), ['fire']);
    assert.deepEqual(ids('Datakeskuksen hukkalämpö', 'fi'), ['data-center', 'heat-reuse']);
    assert.deepEqual(ids('centrów danych', 'pl'), ['data-center']);
  });

  it('respects word boundaries where words are spaced', () => {
    assert.deepEqual(ids('Brandenburg', 'de'), []);
    assert.deepEqual(ids('The brand new office', 'en'), []);
    assert.deepEqual(ids('Das Gebäude brannte aus', 'de'), ['fire']);
    assert.deepEqual(ids('সরকার', 'bn'), ['government'], 'Bengali vowel signs are kept: not "সৌর" (solar)');
  });

  it('finds terms inside running text in scripts without spaces, next to Latin words too', () => {
    assert.deepEqual(ids('大型データセンターを建設', 'ja'), ['construction', 'data-center']);
    assert.deepEqual(ids('データーセンター', 'ja'), ['data-center'], 'both katakana spellings');
    assert.deepEqual(ids('NVIDIAのGPUを導入', 'ja'), ['gpu']);
    assert.deepEqual(ids('엔비디아 GPU를 도입', 'ko'), ['gpu']);
    assert.deepEqual(ids('ไฟไหม้ศูนย์ข้อมูลในกรุงเทพฯ', 'th'), ['data-center', 'fire']);
  });

  it('knows both scripts of Serbian and both Chinese writings', () => {
    assert.deepEqual(ids('Пожар у дата центру', 'sr'), ['data-center', 'fire']);
    assert.deepEqual(ids('Požar u data centru', 'sr'), ['data-center', 'fire']);
    assert.deepEqual(ids('数据中心停电', 'zh'), ['data-center', 'power-outage']);
    assert.deepEqual(ids('資料中心停電', 'zh-TW'), ['data-center', 'power-outage']);
  });

  it('reads Arabic and Hebrew words with their joined prefixes', () => {
    assert.deepEqual(ids('والاستحواذ على مركز البيانات', 'ar'), ['acquisition', 'data-center']);
    assert.deepEqual(ids('שריפה במרכז הנתונים', 'he'), ['data-center', 'fire']);
  });

  it('splits figures from units and keeps the longest term', () => {
    assert.deepEqual(ids('a 40MW campus', 'en'), ['campus', 'megawatt']);
    assert.deepEqual(ids('liquid cooling', 'en'), ['liquid-cooling'], 'not also "cooling"');
    const [hit] = conceptsIn('Outage at Oslo site; the second outage this year', 'en').filter((h) => h.concept === 'outage');
    assert.deepEqual(hit, { concept: 'outage', term: 'outage*', language: 'en', count: 2 });
  });

  it('looks for the international terms in every language', () => {
    assert.deepEqual(ids('PUEは1.2', 'ja'), ['pue']);
    assert.deepEqual(ids('атака DDoS', 'ru'), ['cyberattack', 'ddos']);
  });

  it('accepts language tags, several languages at once, and falls back to English', () => {
    assert.equal(lexiconKey('pt-BR', lexicon.languages), 'pt');
    assert.equal(lexiconKey('no', lexicon.languages), 'nb');
    assert.equal(lexiconKey('xx', lexicon.languages), null);
    assert.deepEqual(ids('Brann i datasenter', 'no'), ['data-center', 'fire']);
    assert.deepEqual(ids('Ransomware hits data center', 'xx'), ['data-center', 'ransomware']);
    assert.deepEqual(ids('Incendie, then a ransomware attack', ['fr', 'en']), ['cyberattack', 'fire', 'ransomware']);
  });

  it('gives one event told in seven languages the same anchors', () => {
    const tellings: Array<[string, string]> = [
      ['en', 'Blackstone acquires data center operator AirTrunk'],
      ['de', 'Blackstone übernimmt Rechenzentrumsbetreiber AirTrunk'],
      ['fr', "Blackstone rachète l'opérateur de centres de données AirTrunk"],
      ['ja', 'ブラックストーン、データセンター運営のエアトランクを買収'],
      ['zh', '黑石收购数据中心运营商AirTrunk'],
      ['ar', 'بلاكستون تستحوذ على مشغل مراكز البيانات إيرترنك'],
      ['ru', 'Blackstone приобретает оператора ЦОД AirTrunk'],
    ];
    for (const [lang, text] of tellings) assert.deepEqual(ids(text, lang), ['acquisition', 'data-center'], lang);
  });

  it('votes for the languages whose own words name the most concepts', () => {
    const latin = [...lexicon.languages].filter(
      (l) => !['ja', 'zh', 'ko', 'th', 'el', 'he', 'hi', 'bn', 'ar', 'fa', 'ru', 'uk', 'bg', 'sr'].includes(l),
    );
    assert.ok(lexicon.languagesByTerms('Avbrott i datacenter slog ut bankernas betalningar', latin).includes('sv'));
    assert.deepEqual(lexicon.languagesByTerms('Nothing here', latin), []);
  });

  it('normalises plain ASCII the same way as any other text', () => {
    for (const s of ['Data-Center 40MW, H100s!', "l'AI dell'anno", 'CVE-2024-1234 in NIS2'])
      assert.equal(normalizeForMatch(`${s} é`), `${normalizeForMatch(s).trimEnd()} e `);
  });
});

describe('loading a lexicon file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexicon-'));
  const write = (name: string, content: unknown) => {
    const p = path.join(dir, name);
    writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
    return p;
  };
  const valid = {
    format: 1,
    languages: { en: { name: 'English', review: 'reviewed', reviewedBy: 'a reviewer', reviewedOn: '2026-11-23' } },
    concepts: [{ id: 'outage', label: 'outage', interests: { operations: 4 }, terms: { en: ['outage*'] } }],
  };

  it('reads a valid file', () => {
    const small = loadLexicon(write('valid.json', valid));
    assert.deepEqual([...small.conceptIds('Two outages', 'en')], ['outage']);
  });

  it('names what is wrong in an invalid file', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...valid, concepts: [...valid.concepts, valid.concepts[0]] }, /duplicate concept outage/],
      [{ ...valid, concepts: [{ ...valid.concepts[0], terms: { xx: ['a'] } }] }, /language xx is not declared/],
      [{ ...valid, concepts: [{ ...valid.concepts[0], interests: { weather: 2 } }] }, /concepts\.0\.interests/],
      [{ ...valid, concepts: [{ ...valid.concepts[0], id: 'Not Kebab' }] }, /kebab-case/],
      ['{ not json', /cannot read lexicon/],
    ];
    cases.forEach(([content, message], i) =>
      assert.throws(
        () => loadLexicon(write(`bad-${i}.json`, content)),
        (err: Error) => err instanceof LexiconError && message.test(err.message),
      ),
    );
  });
});
