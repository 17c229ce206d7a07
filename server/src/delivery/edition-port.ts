import type { ContentDepth, DigestSentence, EntityRef, Interest } from '@dcbrief/shared';

// Delivery's own view of the engine's edition: the shapes end in "View" so that they never read as the
// engine's types of the same story (engine/ keeps Edition and EditionStory for its own).

/** One outlet of a story, with the address of its article. */
export interface StorySourceView {
  id: string;
  name: string;
  url: string;
  language: string;
}

/** One fact: shown once, with every outlet that states it, a translation or an original marked with its language. */
export interface SummarySentenceView {
  text: string;
  language: string;
  sourceIds: string[];
  /** The text is a machine translation from this language. */
  translatedFrom?: string;
  /** False: not in the reader's language (no source states it so, no translation); shown with its language mark. */
  inReaderLanguage?: boolean;
}

/** A fact as a digest stores it: the marks only when they say something (older digests have none). */
export function toDigestSentence({ text, language, sourceIds, translatedFrom, inReaderLanguage }: SummarySentenceView): DigestSentence {
  return {
    text,
    language,
    sourceIds,
    ...(translatedFrom ? { translatedFrom } : {}),
    ...(inReaderLanguage === undefined ? {} : { inReaderLanguage }),
  };
}

/** An entity a story names (a company, site or place of engine/entities), as a link. */
export interface StoryEntityView {
  id: string;
  name: string;
  kind: 'company' | 'site' | 'place';
  country: string | null;
}

/** What delivery needs of a story of the edition (the engine's Edition gives more). */
export interface EditionStoryView {
  id: string;
  title: string;
  /** The story's main interest, then the others it touches. */
  interest: Interest;
  interests: Interest[];
  /** Independent outlets reporting it. */
  corroboration: number;
  summaries: Record<ContentDepth, SummarySentenceView[]>;
  /** Each labelled: "Capacity: 40 MW". */
  keyFigures: string[];
  sources: StorySourceView[];
  languages: string[];
  /** Publication time of its earliest article. */
  firstSeenAt: Date;
  /** When it became known to us as news (the ingest pass that first gave it a fact sentence). */
  ingestedAt: Date;
  /** Words of the articles behind the story (title and text, each article once), for the reading time a digest saves. */
  sourceWords?: number;
  /**
   * The entities its articles name (engine_entity_mentions), those it is about first, then the most named: all of
   * them for the subscriber's follows; a digest story shows DIGEST_STORY_ENTITIES_MAX. Absent from saved editions.
   */
  entities?: StoryEntityView[];
}

export interface EditionWindow {
  from: Date;
  to: Date;
  /**
   * `ingested` (default; daily and weekly digests): stories that became known to us in the window, so
   * consecutive windows hand every story over once. `published` (breaking alerts): stories first
   * published in the window and known by its end. docs/decisions/304.
   */
  by?: 'ingested' | 'published';
}

/** The stories of a window, ranked best first: the port delivery consumes the engine through. */
export interface EditionReader {
  build(window: EditionWindow, kind: 'daily' | 'weekly'): Promise<EditionStoryView[]>;
}

/** Whether a story belongs to a window, as the engine selects it. */
export function inWindow(story: Pick<EditionStoryView, 'firstSeenAt' | 'ingestedAt'>, window: EditionWindow): boolean {
  if (window.by === 'published') return story.firstSeenAt >= window.from && story.firstSeenAt < window.to && story.ingestedAt < window.to;
  return story.ingestedAt >= window.from && story.ingestedAt < window.to;
}

/** An edition held in memory (tests, benchmark, replay): the stories of a window, in the given order. */
export class StaticEditionReader implements EditionReader {
  constructor(private readonly stories: EditionStoryView[]) {}

  async build(window: EditionWindow): Promise<EditionStoryView[]> {
    return this.stories.filter((s) => inWindow(s, window));
  }
}

/** Builds each (window, kind) once per delivery pass: thousands of subscribers share a few windows. */
export class MemoizedEditionReader implements EditionReader {
  private readonly cache = new Map<string, Promise<EditionStoryView[]>>();

  constructor(private readonly inner: EditionReader) {}

  build(window: EditionWindow, kind: 'daily' | 'weekly'): Promise<EditionStoryView[]> {
    const key = `${kind}:${window.by ?? 'ingested'}:${window.from.toISOString()}:${window.to.toISOString()}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = this.inner.build(window, kind);
      hit.catch(() => this.cache.delete(key));
      this.cache.set(key, hit);
    }
    return hit;
  }
}
