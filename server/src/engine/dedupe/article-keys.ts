import type { Article } from '../model/article.entity.js';
import { extractAnchors, type Anchors } from './anchors.js';
import { signature } from './minhash.js';

type ArticleText = Pick<Article, 'title' | 'text' | 'language' | 'translatedTitle' | 'translatedText' | 'translatedLanguage'>;

/**
 * What clustering compares an article by: a MinHash signature of its text (the translation when there is
 * one, so articles in two languages can match), and the anchors of its original and translated text.
 */
export function articleKeys(article: ArticleText): { signature: number[]; anchors: Anchors } {
  const comparable = article.translatedText ? `${article.translatedTitle}\n${article.translatedText}` : `${article.title}\n${article.text}`;
  return {
    signature: signature(comparable.slice(0, 20_000)),
    anchors: mergeAnchors(
      extractAnchors(`${article.title}\n${article.text}`.slice(0, 20_000), article.language),
      article.translatedText ? extractAnchors(`${article.translatedTitle}\n${article.translatedText}`, article.translatedLanguage!) : null,
    ),
  };
}

function mergeAnchors(a: Anchors, b: Anchors | null): Anchors {
  if (!b) return a;
  const u = (x: string[], y: string[]) => [...new Set([...x, ...y])].sort();
  return { entities: u(a.entities, b.entities), quantities: u(a.quantities, b.quantities), dates: u(a.dates, b.dates) };
}
