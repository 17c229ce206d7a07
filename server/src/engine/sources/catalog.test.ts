import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { INTERESTS } from '@dcbrief/shared';
import { baseLanguage } from '../language/base-language.js';
import { LOCALE_DATA_FILE, type LocaleData } from '../language/locale-data.js';
import { CatalogError, loadCatalog } from './catalog.js';
import { localeDataLanguages } from './locale-data-languages.js';

describe('shipped source catalog', () => {
  const catalog = loadCatalog();

  it('has at least 250 valid sources with unique ids and feeds', () => {
    assert.ok(catalog.length >= 250, `${catalog.length} sources`);
    assert.equal(new Set(catalog.map((s) => s.id)).size, catalog.length);
    assert.equal(new Set(catalog.map((s) => s.feedUrl)).size, catalog.length);
    assert.equal(new Set(catalog.map((s) => s.name)).size, catalog.length);
  });

  it('covers at least 35 languages, podcasts and every interest', () => {
    const languages = new Set(catalog.map((s) => baseLanguage(s.language)));
    assert.ok(languages.size >= 35, `${languages.size} languages`);
    assert.ok(catalog.filter((s) => s.kind === 'podcast').length >= 10);
    for (const interest of INTERESTS)
      assert.ok(
        catalog.some((s) => s.categories.includes(interest)),
        interest,
      );
  });

  it('uses https everywhere and feed hosts that belong to real domains', () => {
    for (const s of catalog) {
      assert.ok(s.siteUrl.startsWith('https://') && s.feedUrl.startsWith('https://'), s.id);
      assert.ok(/\.[a-z]{2,}$/.test(new URL(s.feedUrl).hostname), s.id);
    }
  });

  it('rejects a catalog file with duplicates or invalid fields, naming the problem', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalog-'));
    const file = path.join(dir, 'bad.json');
    const entry = catalog[0]!;
    writeFileSync(
      file,
      JSON.stringify([
        entry,
        { ...entry, feedUrl: 'https://other.example/feed' },
        { ...entry, id: 'x2', feedUrl: 'https://b.example/f', language: 'English' },
      ]),
    );
    assert.throws(
      () => loadCatalog(file),
      (err: Error) => err instanceof CatalogError && /duplicate id/.test(err.message) && /BCP 47/.test(err.message),
    );
  });

  it('refuses values longer than their columns, so a valid entry can always be stored', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalog-'));
    const file = path.join(dir, 'long.json');
    writeFileSync(
      file,
      JSON.stringify([
        { ...catalog[0]!, feedUrl: `https://example.org/${'f'.repeat(1000)}` },
        { ...catalog[1]!, language: 'en-abcdefgh-abcdefgh' },
      ]),
    );
    assert.throws(
      () => loadCatalog(file),
      (err: Error) => err instanceof CatalogError && /\[0\.feedUrl\]/.test(err.message) && /\[1\.language\]/.test(err.message),
    );
  });
});

describe('stored locale data (decision 532)', () => {
  it('holds every language of the shipped catalog and of language identification', () => {
    const stored = JSON.parse(readFileSync(LOCALE_DATA_FILE, 'utf8')) as LocaleData;
    assert.deepEqual(stored.languages, localeDataLanguages());
  });
});
