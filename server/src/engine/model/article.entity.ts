import { flatUUID } from '../../lib/ids.js';
import { EntitySchema } from '@mikro-orm/core';
import type { Anchors } from '../language/anchors.js';

/** One piece of content (news article or podcast episode), stored once whatever URL or feed it came through. */
export class Article {
  id: string = flatUUID();
  sourceId!: string;
  /** Other sources that carried the exact same item (same canonical URL or same text). */
  alsoSourceIds: string[] = [];
  /** The link shown to readers (tracking parameters removed). */
  url!: string;
  canonicalUrl!: string;
  guidKey: string | null = null;
  contentHash!: string;
  kind: 'news' | 'podcast' = 'news';
  title!: string;
  text!: string;
  language!: string;
  languageDetected = false;
  translatedLanguage: string | null = null;
  translatedTitle: string | null = null;
  /** The translated lead (first sentences), never the whole text: only what is shown is translated (decision 212). */
  translatedText: string | null = null;
  translationProvider: string | null = null;
  author: string | null = null;
  hasTranscript = false;
  extractedFromPage = false;
  publishedAt!: Date;
  fetchedAt!: Date;
  signature: number[] = [];
  anchors: Anchors = { entities: [], quantities: [], dates: [] };
  storyId: string | null = null;
}

export const ArticleSchema = new EntitySchema<Article>({
  class: Article,
  tableName: 'engine_articles',
  properties: {
    id: { type: 'uuid', primary: true },
    sourceId: { type: 'string', length: 80, index: true },
    alsoSourceIds: { type: 'json' },
    url: { type: 'string', length: 1000 },
    canonicalUrl: { type: 'string', length: 1000, unique: true },
    guidKey: { type: 'string', length: 64, nullable: true, index: true },
    contentHash: { type: 'string', length: 64, index: true },
    kind: { type: 'string', length: 16 },
    title: { type: 'string', length: 1000 },
    text: { type: 'text' },
    language: { type: 'string', length: 16 },
    languageDetected: { type: 'boolean' },
    translatedLanguage: { type: 'string', length: 16, nullable: true },
    translatedTitle: { type: 'string', length: 1000, nullable: true },
    translatedText: { type: 'text', nullable: true },
    translationProvider: { type: 'string', length: 32, nullable: true },
    author: { type: 'string', length: 300, nullable: true },
    hasTranscript: { type: 'boolean' },
    extractedFromPage: { type: 'boolean' },
    publishedAt: { type: 'datetime', index: true },
    fetchedAt: { type: 'datetime' },
    signature: { type: 'json' },
    anchors: { type: 'json' },
    storyId: { type: 'uuid', nullable: true, index: true },
  },
});
