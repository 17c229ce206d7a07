import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { htmlToText } from './text.js';

/** The main text of an article page (Mozilla Readability over a linkedom DOM), or null when none is found. */
export function extractMainText(html: string, url: string): { title: string | null; text: string } | null {
  const { document } = parseHTML(html);
  try {
    Object.defineProperty(document, 'baseURI', { value: url, configurable: true });
  } catch {
    // linkedom documents may not allow it; Readability only needs it to resolve links.
  }
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
  const text = htmlToText(article?.content ?? '');
  if (!article || text.length < 200) return null;
  return { title: article.title ?? null, text };
}
