/**
 * Writes src/engine/language/stopwords.json: the function words of the languages clustering reads (the catalog's
 * and language identification's, as locale-data.json), from the stopwords-iso lists, folded the way terms.ts
 * folds words and kept only where terms.ts could meet them. Run it after adding a catalog language.
 *
 * Usage: npm run language:stopwords -w server
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { localeDataLanguage } from '../src/engine/language/base-language.js';
import { localeDataLanguages } from '../src/engine/sources/locale-data-languages.js';
import { STOPWORDS_FILE } from '../src/engine/language/terms.js';

const iso = createRequire(import.meta.url)('stopwords-iso') as Record<string, string[]>;
const out: Record<string, string[]> = {};
for (const language of localeDataLanguages()) {
  const words = new Set<string>();
  for (const [code, list] of Object.entries(iso)) {
    if (localeDataLanguage(code) !== language) continue;
    for (const raw of list) {
      const word = raw.normalize('NFKC').toLowerCase();
      if (!/^[\p{L}\p{M}]+$/u.test(word)) continue;
      const plain = word.normalize('NFKD').replace(/\p{M}/gu, '');
      if (/[\p{Script=Han}\p{Script=Katakana}\p{Script=Thai}]/u.test(word)) {
        if ([...word].length === 2) words.add(word);
      } else if (/\p{Script=Hangul}/u.test(word)) {
        if ([...word].length >= 2) words.add(word);
      } else if ([...plain].length >= 4) words.add(plain);
    }
  }
  if (words.size) out[language] = [...words].sort();
}
const file = fileURLToPath(STOPWORDS_FILE);
writeFileSync(file, `${JSON.stringify(out)}\n`);
console.log(`wrote ${file}: ${Object.keys(out).length} languages, ${Object.values(out).reduce((n, l) => n + l.length, 0)} words`);
