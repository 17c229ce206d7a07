import type { ContentDepth, Interest } from '@dcbrief/shared';

/** One outlet of a story, with the address of its article. */
export interface EditionSourceRef {
  id: string;
  name: string;
  url: string;
  language: string;
}

export interface EditionSentence {
  text: string;
  language: string;
  sourceIds: string[];
}

/** What delivery needs of a story of the edition (the engine's Edition gives more). */
export interface EditionStory {
  id: string;
  title: string;
  /** The story's main interest, then the others it touches. */
  interest: Interest;
  interests: Interest[];
  /** Independent outlets reporting it. */
  corroboration: number;
  summaries: Record<ContentDepth, EditionSentence[]>;
  keyFigures: string[];
  sources: EditionSourceRef[];
  languages: string[];
  /** Publication time of its earliest article. */
  firstSeenAt: Date;
  /** When it became known to us as news (the ingest pass that first gave it a fact sentence). */
  ingestedAt: Date;
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
export interface EditionSource {
  build(window: EditionWindow, kind: 'daily' | 'weekly'): Promise<EditionStory[]>;
}

/** Whether a story belongs to a window, as the engine selects it. */
export function inWindow(story: Pick<EditionStory, 'firstSeenAt' | 'ingestedAt'>, window: EditionWindow): boolean {
  if (window.by === 'published') return story.firstSeenAt >= window.from && story.firstSeenAt < window.to && story.ingestedAt < window.to;
  return story.ingestedAt >= window.from && story.ingestedAt < window.to;
}

/** An edition held in memory (tests, benchmark, replay): the stories of a window, in the given order. */
export class StaticEditionSource implements EditionSource {
  constructor(private readonly stories: EditionStory[]) {}

  async build(window: EditionWindow): Promise<EditionStory[]> {
    return this.stories.filter((s) => inWindow(s, window));
  }
}

/** Builds each (window, kind) once per delivery pass: thousands of subscribers share a few windows. */
export class MemoizedEditionSource implements EditionSource {
  private readonly cache = new Map<string, Promise<EditionStory[]>>();

  constructor(private readonly inner: EditionSource) {}

  build(window: EditionWindow, kind: 'daily' | 'weekly'): Promise<EditionStory[]> {
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
