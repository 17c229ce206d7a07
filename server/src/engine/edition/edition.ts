import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { ContentDepth, Interest } from '@dcbrief/shared';
import { Article } from '../model/article.entity.js';
import { Source } from '../model/source.entity.js';
import { Story } from '../model/story.entity.js';
import { plainLabel } from '../summarize/key-figures.js';
import type { KeyFigure, SummarySentence } from '../summarize/summary.types.js';
import { perStatement } from '../../db/per-statement.js';

export type EditionKind = 'daily' | 'weekly';

/** A news outlet as an edition's story cites it: the link is to its article on the story when there is one. */
export interface StorySource {
  id: string;
  name: string;
  url: string;
  siteUrl: string;
  language: string;
  country: string;
}

/**
 * A fact as an edition shows it: the sentence, its language, its outlets; whether it is a translation
 * (and from which language) or an original not in the reader's language, to be marked with its language.
 */
export type EditionFact = Pick<SummarySentence, 'text' | 'language' | 'sourceIds' | 'translatedFrom' | 'inReaderLanguage'>;

export interface EditionStory {
  id: string;
  rank: number;
  score: number;
  title: string;
  titleLanguage: string;
  interest: Interest;
  interests: Interest[];
  /** Why the story has its interest: the rules that fired, strongest first. */
  interestReasons: string[];
  /** Per depth, its facts: each shown once, with every outlet that states it (docs/decisions/211). */
  summaries: Record<ContentDepth, EditionFact[]>;
  /** Labelled figures ("Capacity" 40 MW) with the outlets that state them. */
  keyFigures: KeyFigure[];
  sources: StorySource[];
  corroboration: number;
  languages: string[];
  /** Publication time of the story's earliest and latest article. */
  firstSeenAt: string;
  lastSeenAt: string;
  /** When the story became known to us as news (the ingest pass that first gave it a fact sentence). */
  ingestedAt: string;
}

/**
 * What an edition's window is about. `ingested` (daily and weekly digests): stories that became known to
 * us in the window, whatever their publication time, so consecutive windows hand every story over once.
 * `published` (breaking alerts): stories first published in the window and already known at its end.
 */
export type EditionSelect = 'ingested' | 'published';

export interface Edition {
  kind: EditionKind;
  select: EditionSelect;
  from: string;
  to: string;
  generatedAt: string;
  storyCount: number;
  stories: EditionStory[];
}

export interface EditionOptions {
  from: Date;
  to: Date;
  kind: EditionKind;
  now: Date;
  /** At most this many stories (default 60 daily, 120 weekly). */
  limit?: number;
  /** Default `ingested`. */
  select?: EditionSelect;
  /** With `published`: only stories ingested before this (default: `to`; null: any time). */
  knownBy?: Date | null;
}

function editionSpanMs(kind: EditionKind): number {
  return kind === 'weekly' ? 7 * 86_400_000 : 86_400_000;
}

export function editionWindow(kind: EditionKind, now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - editionSpanMs(kind)), to: now };
}

/**
 * The stories of a window, by default those that became known to us in it (`ingestedAt`: a story
 * published at 05:40 and ingested at 06:20 belongs to the window after 06:00, never to one that already
 * went out), ranked by corroboration, source weight and recency of publication, then picked greedily with
 * a penalty for each story already taken in the same interest, so one busy topic does not crowd out the
 * other five. docs/decisions/304.
 */
export async function buildEdition(em: EntityManager, options: EditionOptions): Promise<Edition> {
  const { from, to, kind, now } = options;
  const select = options.select ?? 'ingested';
  const knownBy = options.knownBy === undefined ? to : options.knownBy;
  const limit = options.limit ?? (kind === 'weekly' ? 120 : 60);
  // 'published' takes what was first published in the window and known to us by `knownBy` (default: the
  // window's end, as a breaking alert saw it then; null: whenever, for an operator looking back).
  // 'ingested' is what a digest takes: known to us in the window, and news when we learned it: a source added today brings its backlog, and a
  // story last reported more than one edition span before the window is history, not today's brief.
  const span = editionSpanMs(kind);
  const where: FilterQuery<Story> =
    select === 'ingested'
      ? { ingestedAt: { $gte: from, $lt: to }, lastSeenAt: { $gte: new Date(from.getTime() - span) } }
      : { firstSeenAt: { $gte: from, $lt: to }, ingestedAt: knownBy ? { $ne: null, $lt: knownBy } : { $ne: null } };
  // A story with no fact sentence (an opinion piece, a headline that is a question) is not news.
  const stories = (await em.find(Story, where)).filter((s) => s.summaries.brief.length > 0);
  const sources = new Map((await em.find(Source, {})).map((s) => [s.id, s]));
  const halfLifeMs = (kind === 'weekly' ? 72 : 12) * 3600_000;
  const base = (s: Story) => {
    const weights = s.sourceIds.map((id) => sources.get(id)?.weight ?? 1);
    const meanWeight = weights.reduce((a, b) => a + b, 0) / (weights.length || 1);
    const age = Math.max(0, to.getTime() - s.lastSeenAt.getTime());
    return 3 * Math.log2(1 + s.corroboration) + meanWeight + 2 * Math.pow(0.5, age / halfLifeMs);
  };
  const pool = stories
    .map((story) => ({ story, score: base(story) }))
    .sort((a, b) => b.score - a.score || a.story.id.localeCompare(b.story.id));
  const taken: Array<{ story: Story; score: number }> = [];
  const perInterest = new Map<Interest, number>();
  while (taken.length < limit && pool.length) {
    let bestIndex = 0;
    let bestScore = -Infinity;
    pool.forEach((p, i) => {
      const adjusted = p.score * Math.pow(0.85, perInterest.get(p.story.interest) ?? 0);
      if (adjusted > bestScore) {
        bestScore = adjusted;
        bestIndex = i;
      }
    });
    const [picked] = pool.splice(bestIndex, 1);
    taken.push({ story: picked!.story, score: bestScore });
    perInterest.set(picked!.story.interest, (perInterest.get(picked!.story.interest) ?? 0) + 1);
  }
  const articleIds = taken.flatMap((t) => t.story.articleIds);
  const articles = new Map<string, Article>();
  for (const slice of perStatement(articleIds)) {
    for (const a of await em.find(Article, { id: { $in: slice } }, { fields: ['id', 'sourceId', 'url', 'alsoSourceIds', 'publishedAt'] }))
      articles.set(a.id, a as Article);
  }
  return {
    kind,
    select,
    from: from.toISOString(),
    to: to.toISOString(),
    generatedAt: now.toISOString(),
    storyCount: taken.length,
    stories: taken.map(({ story, score }, i) => toEditionStory(story, i + 1, score, sources, articles)),
  };
}

function toEditionStory(
  story: Story,
  rank: number,
  score: number,
  sources: Map<string, Source>,
  articles: Map<string, Article>,
): EditionStory {
  const urlFor = new Map<string, string>();
  for (const id of story.articleIds) {
    const a = articles.get(id);
    if (!a) continue;
    if (!urlFor.has(a.sourceId)) urlFor.set(a.sourceId, a.url);
    for (const other of a.alsoSourceIds) if (!urlFor.has(other)) urlFor.set(other, a.url);
  }
  const sentence = (s: SummarySentence): EditionFact => ({
    text: s.text,
    language: s.language,
    sourceIds: s.sourceIds,
    ...(s.translatedFrom ? { translatedFrom: s.translatedFrom } : {}),
    ...(s.inReaderLanguage === undefined ? {} : { inReaderLanguage: s.inReaderLanguage }),
  });
  return {
    id: story.id,
    rank,
    score: Math.round(score * 1000) / 1000,
    title: story.title,
    titleLanguage: story.titleLanguage,
    interest: story.interest,
    interests: story.classification.interests,
    interestReasons: story.classification.reasons
      .filter((r) => r.interest === story.interest)
      .sort((a, b) => b.weight - a.weight)
      .map((r) => `${r.rule} (${r.where}, +${r.weight})`),
    summaries: {
      brief: story.summaries.brief.map(sentence),
      standard: story.summaries.standard.map(sentence),
      detailed: story.summaries.detailed.map(sentence),
    },
    // Stories summarized before key figures had labels get their unit's plain one: never a bare number.
    keyFigures: story.summaries.keyFigures.map((f) => (f.label ? f : { ...f, label: plainLabel(f.key) })),
    sources: story.sourceIds.map((id) => {
      const s = sources.get(id);
      return {
        id,
        name: s?.name ?? id,
        url: urlFor.get(id) ?? s?.siteUrl ?? '',
        siteUrl: s?.siteUrl ?? '',
        language: s?.language ?? 'und',
        country: s?.country ?? '',
      };
    }),
    corroboration: story.corroboration,
    languages: story.languages,
    firstSeenAt: story.firstSeenAt.toISOString(),
    lastSeenAt: story.lastSeenAt.toISOString(),
    ingestedAt: (story.ingestedAt ?? story.createdAt).toISOString(),
  };
}
