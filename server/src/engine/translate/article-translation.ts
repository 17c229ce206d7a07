import type { Article } from '../model/article.entity.js';
import { baseLanguage } from '../language/base-language.js';
import { LIMITS, truncate } from '../model/limits.js';
import { splitSentences } from '../summarize/sentences.js';
import type { PassTranslator } from './cached-translator.js';

/** Sentences of an article's lead: with its title, what a reader sees first and what clustering compares. */
export const LEAD_SENTENCES = 2;

/**
 * The lead of a text: its first sentences, split as the summarizer splits them, so that a lead sentence
 * later chosen as a fact is already in the translation cache.
 */
export function leadSentences(text: string, language: string): string[] {
  return splitSentences(text.slice(0, 4000), language).slice(0, LEAD_SENTENCES);
}

type TranslatableArticle = Pick<
  Article,
  'title' | 'text' | 'language' | 'publishedAt' | 'translatedTitle' | 'translatedText' | 'translatedLanguage' | 'translationProvider'
>;

/**
 * Translates what is shown of the pass's new articles, never whole bodies: the title and the lead, one
 * sentence per request text (so each is cached on its own). The newest articles come first, so that when
 * the pass's budget runs out it is older news that stays in its language. An article gets
 * `translatedTitle` when its title was translated and `translatedText` (its translated lead) when its title
 * and every lead sentence were; otherwise the originals stand, marked by their language.
 */
export async function translateArticles(articles: TranslatableArticle[], translator: PassTranslator): Promise<void> {
  if (translator.provider === 'none') return;
  const target = baseLanguage(translator.target);
  const foreign = articles
    .filter((a) => baseLanguage(a.language) !== target && a.title.trim())
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  if (!foreign.length) return;
  const parts = foreign.map((a) => [a.title, ...leadSentences(a.text, a.language)]);
  const answers = await translator.translateAll(foreign.flatMap((a, i) => parts[i]!.map((text) => ({ text, from: a.language }))));
  let at = 0;
  foreign.forEach((article, i) => {
    const [title, ...lead] = answers.slice(at, (at += parts[i]!.length));
    if (!title) return;
    Object.assign(article, {
      translatedTitle: truncate(title.replace(/\s+/g, ' ').trim(), LIMITS.translatedTitle),
      translatedLanguage: translator.target,
      translationProvider: translator.provider,
      translatedText: lead.length && lead.every((s) => s) ? lead.join(' ') : null,
    });
  });
}
