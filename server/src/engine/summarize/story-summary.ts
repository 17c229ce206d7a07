import type { Interest } from '@dcbrief/shared';
import { classify } from '../classify/interests.js';
import { corroboration } from '../cluster/cluster.js';
import type { EntityManager } from '@mikro-orm/core';
import { perStatement } from '../../db/per-statement.js';
import { plainRows } from '../../db/raw-values.js';
import { Article } from '../model/article.entity.js';
import type { StoryWrites } from '../model/pass-store.js';
import { newStory, Story } from '../model/story.entity.js';
import type { Summarizer, SummaryArticle } from './extractive.js';

/** What summarizing reads of an article. */
const STORY_FIELDS = [
  'id',
  'sourceId',
  'alsoSourceIds',
  'title',
  'text',
  'language',
  'translatedLanguage',
  'translatedTitle',
  'translatedText',
  'anchors',
  'signature',
  'publishedAt',
  'fetchedAt',
  'storyId',
] as const satisfies Array<keyof Article>;
export type StoryArticle = Pick<Article, (typeof STORY_FIELDS)[number]>;

/** What summarizing needs of a source: its weight (whose article leads) and its categories (a hint to the interest). */
export interface SourceInfo {
  weight: number;
  categories: Interest[];
}

/** The stories a pass changes: those its pending articles join (with their ids), and those another source now carries. */
export interface TouchedStories {
  /** By story id: the pending articles that join it. */
  members: Map<string, string[]>;
  /** Stories the pass starts. */
  fresh: Set<string>;
  /** Stored stories one of whose articles another source now carries (their articles already say so). */
  reseen: Set<string>;
}

/** Stories summarized and stored at a time: what the pass holds of them (articles with their texts) while it summarizes. */
const STORIES_PER_SLICE = 100;

/**
 * Every touched story summarized again from all of its articles, read back from the store a slice of stories at
 * a time (its pending articles and its stored ones), and handed to `store` with the pending articles it takes.
 * Returns how many stories were created and updated.
 */
export async function summarizeTouched(
  em: EntityManager,
  touched: TouchedStories,
  sources: Map<string, SourceInfo>,
  summarizer: Summarizer,
  preferredLanguage: string,
  now: Date,
  store: (writes: StoryWrites) => Promise<void>,
): Promise<{ created: number; updated: number }> {
  const { members, fresh, reseen } = touched;
  const ids = [...new Set([...members.keys(), ...reseen])];
  const counts = { created: 0, updated: 0 };
  for (const slice of perStatement(ids, STORIES_PER_SLICE)) {
    const slicer = em.fork();
    const articles = await membersOf(slicer, slice, members, fresh);
    const storedIds = slice.filter((id) => !fresh.has(id));
    const stored = new Map<string, Story>();
    if (storedIds.length)
      for (const s of await slicer.find(Story, { id: { $in: storedIds } }, { disableIdentityMap: true })) stored.set(s.id, s);
    const writes: StoryWrites = { fresh: [], updated: [], joining: new Map() };
    for (const storyId of slice) {
      const list = articles.get(storyId);
      const existing = stored.get(storyId);
      if (!list?.length || (!fresh.has(storyId) && !existing)) continue;
      const story = existing ?? Object.assign(newStory(now), { id: storyId });
      await summarizeStory(story, list, sources, summarizer, preferredLanguage, now);
      story.updatedAt = now;
      (existing ? writes.updated : writes.fresh).push(story);
      const joining = members.get(storyId);
      if (joining?.length) writes.joining.set(storyId, joining);
    }
    await store(writes);
    counts.created += writes.fresh.length;
    counts.updated += writes.updated.length;
  }
  return counts;
}

/** The articles of a slice of stories, by story: its pending ones first (in the order they were placed), then its stored ones. */
async function membersOf(
  em: EntityManager,
  slice: string[],
  members: Map<string, string[]>,
  fresh: Set<string>,
): Promise<Map<string, StoryArticle[]>> {
  const pendingIds = slice.flatMap((id) => members.get(id) ?? []);
  const pending = new Map<string, StoryArticle>();
  for (const part of perStatement(pendingIds))
    for (const a of await plainRows(em, Article, STORY_FIELDS, { id: { $in: part } })) pending.set(a.id, a);
  const byStory = new Map<string, StoryArticle[]>();
  for (const storyId of slice) {
    const list = (members.get(storyId) ?? []).map((id) => pending.get(id)).filter((a): a is StoryArticle => Boolean(a));
    byStory.set(storyId, list);
  }
  const storedIds = slice.filter((id) => !fresh.has(id));
  if (storedIds.length)
    for (const a of await plainRows(em, Article, STORY_FIELDS, { storyId: { $in: storedIds } })) byStory.get(a.storyId!)!.push(a);
  return byStory;
}

/**
 * Story fields from its articles: every source and language, corroboration, a title in the preferred
 * language when one exists, interests and summaries. Called whenever a story gains an article.
 *
 * `ingestedAt` (what editions select on) is set once, at the first ingest pass that leaves the story
 * with a fact sentence: `now`, by default the fetch time of its newest article, which is the running
 * pass's time since the story is summarized because that pass brought it an article.
 */
export async function summarizeStory(
  story: Story,
  articles: StoryArticle[],
  sources: Map<string, SourceInfo>,
  summarizer: Summarizer,
  preferredLanguage: string,
  now: Date = new Date(Math.max(...articles.map((a) => a.fetchedAt.getTime()))),
): Promise<Story> {
  const weight = (a: StoryArticle) => sources.get(a.sourceId)?.weight ?? 1;
  const inPreferred = (a: StoryArticle) => a.language === preferredLanguage || a.translatedLanguage === preferredLanguage;
  const ordered = [...articles].sort(
    (a, b) => Number(inPreferred(b)) - Number(inPreferred(a)) || weight(b) - weight(a) || a.publishedAt.getTime() - b.publishedAt.getTime(),
  );
  const lead = ordered[0]!;
  const leadTranslated = lead.translatedLanguage === preferredLanguage && lead.translatedTitle;
  // The summarizer reads every article whole and in its own language, and translates the facts it shows
  // (docs/decisions/211): an article's translation is only its title and lead (docs/decisions/212).
  const material: SummaryArticle[] = ordered.map((a) => ({
    id: a.id,
    sourceId: a.sourceId,
    alsoSourceIds: a.alsoSourceIds,
    sourceWeight: weight(a),
    title: a.title,
    text: a.text,
    language: a.language,
    quantityKeys: a.anchors.quantities,
    publishedAt: a.publishedAt,
  }));
  const translatedLead = (a: StoryArticle) => (a.translatedLanguage === preferredLanguage && a.translatedText) || a.text;
  const isTranslated = (a: StoryArticle) => a.translatedLanguage === preferredLanguage && Boolean(a.translatedTitle || a.translatedText);
  const sourceIds = [...new Set(articles.flatMap((a) => [a.sourceId, ...a.alsoSourceIds]))].sort();
  const classification = classify({
    title: leadTranslated ? lead.translatedTitle! : lead.title,
    text: ordered.map(translatedLead).join('\n').slice(0, 8000),
    sourceCategories: [...new Set(sourceIds.flatMap((id) => sources.get(id)?.categories ?? []))],
    // The languages of what it reads: the articles', and the reader's where a translation stands in for them.
    languages: [...new Set([...articles.map((a) => a.language), ...(articles.some(isTranslated) ? [preferredLanguage] : [])])],
  });
  Object.assign(story, {
    title: leadTranslated ? lead.translatedTitle! : lead.title,
    titleLanguage: leadTranslated ? preferredLanguage : lead.language,
    interest: classification.interest,
    classification,
    summaries: await summarizer.summarize(material, preferredLanguage),
    summarizer: summarizer.name,
    articleIds: articles.map((a) => a.id),
    sourceIds,
    languages: [...new Set(articles.map((a) => a.language))].sort(),
    corroboration: corroboration(
      articles.flatMap((a) => [a, ...a.alsoSourceIds.map((sourceId) => ({ sourceId, signature: a.signature }))]),
    ),
    firstSeenAt: new Date(Math.min(...articles.map((a) => a.publishedAt.getTime()))),
    lastSeenAt: new Date(Math.max(...articles.map((a) => a.publishedAt.getTime()))),
  });
  if (!story.ingestedAt && story.summaries.brief.length > 0) story.ingestedAt = now;
  return story;
}
