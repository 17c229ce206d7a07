import type { Interest } from '@dcbrief/shared';
import { classify } from '../classify/interests.js';
import { corroboration } from '../dedupe/cluster.js';
import type { StoryClusters } from '../dedupe/story-clustering.js';
import type { Article } from '../model/article.entity.js';
import { newStory, type Story } from '../model/story.entity.js';
import type { Summarizer, SummaryArticle } from './extractive.js';

/** What summarizing needs of a source: its weight (whose article leads) and its categories (a hint to the interest). */
export interface SourceInfo {
  weight: number;
  categories: Interest[];
}

/** The stories a pass touched, each summarized from all its articles: new ones to insert, stored ones to update. */
export interface SummarizedStories {
  fresh: Story[];
  updated: Story[];
}

/** Every touched story summarized again from all of its articles, one after the other. */
export async function summarizeStories(
  clusters: StoryClusters,
  sources: Map<string, SourceInfo>,
  summarizer: Summarizer,
  preferredLanguage: string,
  now: Date,
): Promise<SummarizedStories> {
  const result: SummarizedStories = { fresh: [], updated: [] };
  for (const storyId of clusters.touched) {
    const articles = clusters.members.get(storyId);
    if (!articles?.length) continue;
    const story = clusters.stored.get(storyId) ?? Object.assign(newStory(now), { id: storyId });
    await summarizeStory(story, articles, sources, summarizer, preferredLanguage, now);
    story.updatedAt = now;
    (clusters.fresh.has(storyId) ? result.fresh : result.updated).push(story);
  }
  return result;
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
  articles: Article[],
  sources: Map<string, SourceInfo>,
  summarizer: Summarizer,
  preferredLanguage: string,
  now: Date = new Date(Math.max(...articles.map((a) => a.fetchedAt.getTime()))),
): Promise<Story> {
  const weight = (a: Article) => sources.get(a.sourceId)?.weight ?? 1;
  const inPreferred = (a: Article) => a.language === preferredLanguage || a.translatedLanguage === preferredLanguage;
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
  }));
  const translatedLead = (a: Article) => (a.translatedLanguage === preferredLanguage && a.translatedText) || a.text;
  const sourceIds = [...new Set(articles.flatMap((a) => [a.sourceId, ...a.alsoSourceIds]))].sort();
  const classification = classify({
    title: leadTranslated ? lead.translatedTitle! : lead.title,
    text: ordered.map(translatedLead).join('\n').slice(0, 8000),
    sourceCategories: [...new Set(sourceIds.flatMap((id) => sources.get(id)?.categories ?? []))],
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
