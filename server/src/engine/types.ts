/** One entry of a feed as the feed gave it, before any cleaning. */
export interface FetchedItem {
  sourceId: string;
  guid: string | null;
  url: string | null;
  /** The http(s) address of the item's media (a podcast episode's audio): its link when it has no other. */
  enclosureUrl?: string | null;
  /** HTML (a plain-text title arrives escaped), turned into text by normalize. */
  title: string;
  /** HTML or text as found in the feed (content, description, show notes). */
  body: string;
  /** Podcast transcript links (`podcast:transcript`), best type first. */
  transcripts: Array<{ url: string; type: string }>;
  author: string | null;
  publishedAt: Date | null;
  kind: 'news' | 'podcast';
  categories: string[];
}

/** The cleaned, language-tagged form of a FetchedItem, ready to store as an Article. */
export interface NormalizedItem {
  sourceId: string;
  url: string;
  canonicalUrl: string;
  guidKey: string | null;
  contentHash: string;
  kind: 'news' | 'podcast';
  title: string;
  text: string;
  language: string;
  languageDetected: boolean;
  author: string | null;
  hasTranscript: boolean;
  extractedFromPage: boolean;
  publishedAt: Date;
}

/**
 * A FetchedItem new to its source, with the text of its article page or transcript when one was fetched
 * because the feed gave only a snippet or show notes (null otherwise).
 */
export interface FreshItem {
  item: FetchedItem;
  pageText: string | null;
  transcriptText: string | null;
}

/** A stored article that another source now carries too: its sources as they now are, and its story to summarize again. */
export interface AlsoSeen {
  alsoSourceIds: string[];
  storyId: string | null;
}
