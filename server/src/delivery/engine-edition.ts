import type { Orm } from '../db/orm.js';
import { buildEdition, type EditionStory as EngineStory } from '../engine/edition/edition.js';
import type { KeyFigure } from '../engine/summarize/summary.types.js';
import type { Clock } from '../lib/clock.js';
import type { EditionReader, EditionStoryView, EditionWindow } from './edition-port.js';

/** The engine's ranked edition of a window, in the shape delivery consumes. */
export class EngineEditionReader implements EditionReader {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
  ) {}

  async build(window: EditionWindow, kind: 'daily' | 'weekly'): Promise<EditionStoryView[]> {
    const edition = await buildEdition(this.orm.em.fork(), {
      from: window.from,
      to: window.to,
      kind,
      now: this.clock.now(),
      select: window.by ?? 'ingested',
    });
    return edition.stories.map(fromEngine);
  }
}

/** A story of the engine's edition (also a saved `npm run edition -- --json`; older ones lack `ingestedAt`). */
export function fromEngine(
  story: Omit<EngineStory, 'ingestedAt' | 'keyFigures'> & {
    ingestedAt?: string;
    keyFigures: Array<Omit<KeyFigure, 'label'> & { label?: string }>;
  },
): EditionStoryView {
  return {
    id: story.id,
    title: story.title,
    interest: story.interest,
    interests: story.interests,
    corroboration: story.corroboration,
    summaries: story.summaries,
    // A saved edition from before labels has none: the figure stands as written, as it did then.
    keyFigures: story.keyFigures.map((f) => (f.label ? `${f.label}: ${f.text}` : f.text)),
    sources: story.sources.map((s) => ({ id: s.id, name: s.name, url: s.url || s.siteUrl, language: s.language })),
    languages: story.languages,
    firstSeenAt: new Date(story.firstSeenAt),
    ingestedAt: new Date(story.ingestedAt ?? story.firstSeenAt),
  };
}
