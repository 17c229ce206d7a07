import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gazetteerKey, REGION_NAMES_FILE, regionNamesFromIcu } from './gazetteer.js';

describe('gazetteer country names', () => {
  it("the stored country names are ICU's (npm run gazetteer:regions -w server writes them again)", () => {
    const stored = JSON.parse(readFileSync(REGION_NAMES_FILE, 'utf8')) as unknown;
    assert.deepEqual(stored, JSON.parse(JSON.stringify(regionNamesFromIcu())));
  });

  it('names a country in the catalog languages by the names ICU gives', () => {
    for (const name of ['Deutschland', 'Allemagne', 'ドイツ', 'Германия', '德国', 'Alemanha'])
      assert.equal(gazetteerKey(name), 'germany', name);
  });
});
