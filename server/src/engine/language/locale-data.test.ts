import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  currencyCodes,
  currencyNames,
  currencyNamesFromIcu,
  dateWords,
  dateWordsFromIcu,
  jalaliToGregorian,
  LOCALE_DATA_FILE,
  localeDataFromIcu,
  nowruzFromIcu,
  NOWRUZ_YEARS,
  numberWords,
  numberWordsFromIcu,
  singularNumberWords,
  singularNumberWordsFromIcu,
  type LocaleData,
} from './locale-data.js';

const stored = JSON.parse(readFileSync(LOCALE_DATA_FILE, 'utf8')) as LocaleData;

describe('stored locale data (decision 532)', () => {
  it("the stored tables are ICU's (npm run language:locale-data -w server writes them again)", () => {
    assert.deepEqual(stored, JSON.parse(JSON.stringify(localeDataFromIcu(stored.languages, stored.namedCurrencies))));
  });

  it('gives at run time the tables ICU builds, for stored languages and others', () => {
    for (const lang of [...stored.languages, 'sw', 'is', 'af', 'mk']) {
      assert.deepEqual(dateWords(lang), dateWordsFromIcu(lang), lang);
      assert.deepEqual(numberWords(lang), numberWordsFromIcu(lang), lang);
      assert.deepEqual(singularNumberWords(lang), singularNumberWordsFromIcu(lang), lang);
      assert.deepEqual(currencyNames(lang), currencyNamesFromIcu(lang, stored.namedCurrencies), lang);
    }
    // Tags as feeds give them reach their base language's tables.
    assert.deepEqual(dateWords('pt-BR'), dateWordsFromIcu('pt'));
    assert.deepEqual(numberWords('nn'), numberWordsFromIcu('nb'));
    assert.deepEqual(currencyCodes(), Intl.supportedValuesOf('currency'));
  });

  it("stores the names of the currencies the engine converts: its rate table's", () => {
    const rates = JSON.parse(readFileSync(new URL('../cluster/currency-rates.json', import.meta.url), 'utf8')) as {
      usdPerUnit: Record<string, Record<string, number>>;
    };
    assert.deepEqual(stored.namedCurrencies, [...new Set(Object.values(rates.usdPerUnit).flatMap((y) => Object.keys(y)))].sort());
  });

  it("places Nowruz where ICU's Persian calendar does, inside the stored years and outside them", () => {
    for (let year = NOWRUZ_YEARS.from - 5; year <= NOWRUZ_YEARS.to + 5; year++) {
      const icu = nowruzFromIcu(year);
      assert.equal(jalaliToGregorian(year, 1, 1).getTime(), icu, String(year));
      assert.equal(jalaliToGregorian(year, 12, 29).getTime(), icu + (186 + 5 * 30 + 28) * 86_400_000, String(year));
    }
    assert.equal(jalaliToGregorian(1405, 1, 1).toISOString(), '2026-03-21T00:00:00.000Z');
  });
});
