/**
 * Writes src/engine/language/region-names.json: every gazetteer country's name in each catalog language, as this
 * Node's ICU gives it (decision 528). Run it after adding a country or a catalog locale to the gazetteer, or when
 * the test "the stored country names are ICU's" fails after a Node upgrade.
 *
 * Usage: npm run gazetteer:regions -w server
 */
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../src/engine/language/region-names.json', import.meta.url));
// The gazetteer reads the file when imported: a first run starts from an empty table.
if (!existsSync(file)) writeFileSync(file, '{}\n');
const { regionNamesFromIcu } = await import('../src/engine/language/gazetteer.js');
const names = regionNamesFromIcu();
writeFileSync(file, `${JSON.stringify(names)}\n`);
console.log(`wrote ${file}: ${Object.keys(names).length} countries`);
