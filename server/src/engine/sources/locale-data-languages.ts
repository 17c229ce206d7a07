import { localeDataLanguage } from '../language/base-language.js';
import { CANDIDATES } from '../language/identify.js';
import { loadCatalog } from './catalog.js';

/**
 * The languages whose date and number words locale-data.json stores: the shipped catalog's and those language
 * identification may give an article (decision 532). Read by the script that writes the file and by its test,
 * not at run time.
 */
export function localeDataLanguages(): string[] {
  return [...new Set([...loadCatalog().map((entry) => entry.language), ...CANDIDATES].map(localeDataLanguage))].sort();
}
