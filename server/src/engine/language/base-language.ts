/**
 * The engine's ground floor for language codes: one answer to "which language is this tag", for every layer.
 *
 * An article's language is stored and compared as its primary subtag, Norwegian written `no` whichever written
 * standard the feed declares (nb, nn): language identification (tinyld) and the translators name it so.
 */
export function baseLanguage(tag: string): string {
  const base = tag.toLowerCase().split(/[-_]/)[0] || 'und';
  return base === 'nb' || base === 'nn' ? 'no' : base;
}

/**
 * The ICU (CLDR) locale whose data a language reads: Norwegian's is Bokmål, `nb`. The key of the data files
 * written from ICU or keyed like them (language/locale-data.json, language/stopwords.json).
 */
export function localeDataLanguage(tag: string): string {
  const base = baseLanguage(tag);
  return base === 'no' ? 'nb' : base;
}
