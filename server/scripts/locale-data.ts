/**
 * Writes src/engine/language/locale-data.json: the month, weekday and number words of the catalog's languages, the
 * Persian calendar's Nowruz for 1300-1500 SH, the ISO 4217 codes and the names of the currencies the engine converts
 * (cluster/currency-rates.json), as this Node's ICU gives them (decision 532).
 * Run it after adding a catalog language, or when the test "the stored tables are ICU's" fails after a Node upgrade.
 *
 * Usage: npm run language:locale-data -w server
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ratedCurrencies } from '../src/engine/cluster/pair-score.js';
import { LOCALE_DATA_FILE, localeDataFromIcu } from '../src/engine/language/locale-data.js';
import { localeDataLanguages } from '../src/engine/sources/locale-data-languages.js';

const file = fileURLToPath(LOCALE_DATA_FILE);
// The currencies whose names are stored: those the engine converts (its rate table).
const data = localeDataFromIcu(localeDataLanguages(), ratedCurrencies());
writeFileSync(file, `${JSON.stringify(data)}\n`);
console.log(`wrote ${file}: ${data.languages.length} languages, ${data.currencies.length} currencies`);
