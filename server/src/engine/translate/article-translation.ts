import type { Logger } from '../../lib/logger.js';
import { LIMITS, truncate } from '../normalize/limits.js';
import type { NormalizedItem } from '../types.js';
import type { Translator } from './translator.js';

/** An article's translated fields. */
export interface ArticleTranslation {
  translatedTitle: string;
  translatedText: string;
  translatedLanguage: string;
  translationProvider: string;
}

/**
 * An item's title and text in the translator's target language, or null when it is in that language
 * already, no translator is configured, or the translator cannot do it. A failing translator keeps the
 * original (with a warning): it never stops the item.
 */
export async function translateItem(item: NormalizedItem, translator: Translator, logger?: Logger): Promise<ArticleTranslation | null> {
  if (translator.provider === 'none' || item.language === translator.target) return null;
  try {
    const [title, text] = await Promise.all([
      translator.translate(item.title, item.language),
      translator.translate(item.text.slice(0, 8000), item.language),
    ]);
    if (title === null || text === null) return null;
    const translatedTitle = truncate(title.replace(/\s+/g, ' ').trim(), LIMITS.translatedTitle);
    return { translatedTitle, translatedText: text, translatedLanguage: translator.target, translationProvider: translator.provider };
  } catch (err) {
    logger?.warn({ article: item.canonicalUrl, error: (err as Error).message }, 'translation failed; original kept');
    return null;
  }
}
