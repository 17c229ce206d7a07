import type { MikroORM } from '@mikro-orm/core';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { StoryIndex, type ClusterArticle } from './dedupe/cluster.js';
import type { EngineConfig } from './engine.config.js';
import { fetchFeed } from './fetch/feed-fetch.js';
import {
  dueSources,
  fetchedState,
  recordFailure,
  recordNotModified,
  type SourceOutcome,
  type SourceSelection,
} from './fetch/fetch-state.js';
import type { Fetcher } from './fetch/http-fetcher.js';
import { Article } from './model/article.entity.js';
import { Source } from './model/source.entity.js';
import { newStory, Story } from './model/story.entity.js';
import { prepareArticles } from './normalize/article-intake.js';
import { normalizeFresh } from './normalize/normalize.js';
import type { Summarizer } from './summarize/extractive.js';
import { summarizeStory, type SourceInfo } from './summarize/story-summary.js';
import type { Translator } from './translate/translator.js';
import type { AlsoSeen, NormalizedItem } from './types.js';

export interface IngestDeps {
  orm: MikroORM;
  config: EngineConfig;
  fetcher: Fetcher;
  translator: Translator;
  summarizer: Summarizer;
  clock: Clock;
  logger?: Logger;
}

export interface IngestOptions extends SourceSelection {
  onProgress?: (event: { done: number; total: number; sourceId: string; outcome: SourceOutcome['status'] }) => void;
}

export interface IngestReport {
  startedAt: Date;
  sources: number;
  ok: number;
  notModified: number;
  failed: number;
  skippedBackoff: number;
  newArticles: number;
  repeatedArticles: number;
  storiesCreated: number;
  storiesUpdated: number;
  /** Milliseconds spent fetching and normalizing, clustering + classifying + summarizing, and storing. */
  timings: { fetchMs: number; storeMs: number; storiesMs: number; clusterMs: number };
  outcomes: SourceOutcome[];
}

/** Stories this recent can still gain articles. */
const OPEN_STORY_DAYS = 7;

/** One source fetched: its outcome, its new items, and (when it answered with content) its fetch state to store. */
interface FetchedSource {
  outcome: SourceOutcome;
  items: NormalizedItem[];
  state?: Partial<Source>;
}

/**
 * One ingestion pass: enabled sources -> polite fetch -> parse -> normalize -> (translate) -> cluster into
 * stories -> classify and summarize the stories that changed -> persist. A source that fails is recorded
 * with its error and backoff; it never stops the others.
 */
export class IngestService {
  constructor(private readonly deps: IngestDeps) {}

  async run(options: IngestOptions = {}): Promise<IngestReport> {
    const { orm, clock, translator, logger } = this.deps;
    const now = clock.now();
    const em = orm.em.fork();
    const { due, waiting } = await dueSources(em, options, now);
    const report = emptyReport(now, due.length, waiting);
    const lap = stopwatch();
    const fetched = await this.fetchAll(due, now, report, options.onProgress);
    // Failures (backoff), 304s and fetch times are kept even if a later step fails; a new ETag is not (below).
    await em.flush();
    report.outcomes.sort((a, b) => a.sourceId.localeCompare(b.sourceId));
    const sourceInfo = new Map<string, SourceInfo>(
      (await em.find(Source, {})).map((s) => [s.id, { weight: s.weight, categories: s.categories }]),
    );
    report.timings.fetchMs = lap();
    const prepared = await prepareArticles(fetched.items, now, { em: orm.em.fork(), translator, logger });
    report.newArticles = prepared.created.length;
    report.repeatedArticles = prepared.repeated;
    const stories =
      prepared.created.length || prepared.alsoSeen.size
        ? await this.clusterAndCompose(prepared.created, prepared.alsoSeen, sourceInfo, now, report.timings)
        : { fresh: [], updated: [] };
    report.storiesCreated = stories.fresh.length;
    report.storiesUpdated = stories.updated.length;
    report.timings.storiesMs = lap();
    // One transaction: a crash leaves either the whole pass or none of it (and one fsync, not thousands).
    // The ETag and Last-Modified of a source are committed with the articles they produced: if this fails,
    // the next pass fetches those feeds in full instead of being told 304 about items it never stored.
    await orm.em.fork().transactional(async (tx) => {
      for (const [id, state] of fetched.state) await tx.nativeUpdate(Source, { id }, { ...state, updatedAt: now });
      for (const [id, seen] of prepared.alsoSeen) await tx.nativeUpdate(Article, { id }, { alsoSourceIds: seen.alsoSourceIds });
      for (let i = 0; i < prepared.created.length; i += 200) await tx.insertMany(Article, prepared.created.slice(i, i + 200));
      for (let i = 0; i < stories.fresh.length; i += 200) await tx.insertMany(Story, stories.fresh.slice(i, i + 200));
      for (const story of stories.updated) {
        const { id, ...fields } = story;
        await tx.nativeUpdate(Story, { id }, fields);
      }
    });
    report.timings.storeMs = lap();
    logger?.info({ ...report, outcomes: undefined }, 'ingest finished');
    return report;
  }

  /** Every due source at once (the fetcher keeps the overall and per-host limits), counted in the report as each ends. */
  private async fetchAll(
    due: Source[],
    now: Date,
    report: IngestReport,
    onProgress: IngestOptions['onProgress'],
  ): Promise<{ items: NormalizedItem[]; state: Map<string, Partial<Source>> }> {
    const items: NormalizedItem[] = [];
    /** Fetch state of the sources that answered with content: written with the articles they produced. */
    const state = new Map<string, Partial<Source>>();
    let done = 0;
    await Promise.all(
      due.map(async (source) => {
        const fetched = await this.fetchSource(source, now);
        items.push(...fetched.items);
        if (fetched.state) state.set(source.id, fetched.state);
        const { outcome } = fetched;
        report.outcomes.push(outcome);
        if (outcome.status === 'ok') report.ok++;
        else if (outcome.status === 'not-modified') report.notModified++;
        else report.failed++;
        onProgress?.({ done: ++done, total: due.length, sourceId: source.id, outcome: outcome.status });
      }),
    );
    return { items, state };
  }

  /**
   * Fetch and normalize one source. A failure or a 304 is recorded on the entity (flushed by the caller
   * right after fetching); the state of a successful fetch is returned, to be stored with the articles.
   */
  private async fetchSource(source: Source, now: Date): Promise<FetchedSource> {
    const { fetcher, config, orm } = this.deps;
    source.lastFetchedAt = now;
    try {
      const feed = await fetchFeed(source, { fetcher, limits: config.fetch, em: orm.em.fork() });
      if (feed.kind === 'not-modified') return { outcome: recordNotModified(source, now), items: [] };
      const items = normalizeFresh(feed.fresh, source.language, now);
      return {
        outcome: { sourceId: source.id, status: 'ok', items: feed.itemCount, newItems: items.length },
        items,
        state: fetchedState(feed, now),
      };
    } catch (err) {
      const outcome = recordFailure(source, err, now);
      this.deps.logger?.warn({ source: source.id, error: outcome.error }, 'source failed');
      return { outcome, items: [] };
    }
  }

  /**
   * New articles join a story or start one; every story that gained an article, or whose stored article was
   * just seen in another source (`alsoSeen`), is recomposed from all its articles, so its sources and
   * corroboration include that outlet.
   */
  private async clusterAndCompose(
    created: Article[],
    alsoSeen: Map<string, AlsoSeen>,
    sources: Map<string, SourceInfo>,
    now: Date,
    timings: IngestReport['timings'],
  ) {
    const startedAt = performance.now();
    const em = this.deps.orm.em.fork();
    const since = new Date(now.getTime() - OPEN_STORY_DAYS * 86_400_000);
    const index = new StoryIndex();
    const openStories = await em.find(Story, { lastSeenAt: { $gte: since } });
    const storyById = new Map(openStories.map((s) => [s.id, s]));
    const openIds = openStories.map((s) => s.id);
    const members = new Map<string, Article[]>();
    for (let i = 0; i < openIds.length; i += 500) {
      const rows = await em.find(
        Article,
        { storyId: { $in: openIds.slice(i, i + 500) } },
        { fields: ['id', 'sourceId', 'publishedAt', 'signature', 'anchors', 'storyId'] },
      );
      for (const a of rows) index.add(a.storyId!, a as ClusterArticle);
    }
    const touched = new Set<string>();
    const fresh = new Set<string>();
    for (const article of created) {
      const match = index.find(article);
      const storyId = match?.storyId ?? newStory(now).id;
      if (!match) fresh.add(storyId);
      article.storyId = storyId;
      index.add(storyId, article);
      touched.add(storyId);
      let list = members.get(storyId);
      if (!list) members.set(storyId, (list = []));
      list.push(article);
    }
    // Stories of stored articles that another source now carries, including stories no longer open.
    const reseen = [...new Set([...alsoSeen.values()].map((s) => s.storyId).filter((id): id is string => Boolean(id)))];
    const closed = reseen.filter((id) => !storyById.has(id));
    for (let i = 0; i < closed.length; i += 500)
      for (const s of await em.find(Story, { id: { $in: closed.slice(i, i + 500) } })) storyById.set(s.id, s);
    for (const id of reseen) {
      if (!storyById.has(id)) continue;
      touched.add(id);
      if (!members.has(id)) members.set(id, []);
    }
    const createdIds = new Set(created.map((a) => a.id));
    const existingTouched = [...touched].filter((id) => !fresh.has(id));
    for (let i = 0; i < existingTouched.length; i += 200) {
      const older = await em.find(Article, { storyId: { $in: existingTouched.slice(i, i + 200) } });
      for (const a of older) {
        if (createdIds.has(a.id)) continue;
        const seen = alsoSeen.get(a.id);
        if (seen) a.alsoSourceIds = seen.alsoSourceIds;
        members.get(a.storyId!)!.push(a);
      }
    }
    timings.clusterMs = Math.round(performance.now() - startedAt);
    const result = { fresh: [] as Story[], updated: [] as Story[] };
    for (const storyId of touched) {
      if (!members.get(storyId)?.length) continue;
      const story = storyById.get(storyId) ?? Object.assign(newStory(now), { id: storyId });
      await summarizeStory(story, members.get(storyId)!, sources, this.deps.summarizer, this.deps.translator.target, now);
      story.updatedAt = now;
      (fresh.has(storyId) ? result.fresh : result.updated).push(story);
    }
    return result;
  }
}

function emptyReport(startedAt: Date, sources: number, skippedBackoff: number): IngestReport {
  return {
    startedAt,
    sources,
    ok: 0,
    notModified: 0,
    failed: 0,
    skippedBackoff,
    newArticles: 0,
    repeatedArticles: 0,
    storiesCreated: 0,
    storiesUpdated: 0,
    timings: { fetchMs: 0, storeMs: 0, storiesMs: 0, clusterMs: 0 },
    outcomes: [],
  };
}

/** Milliseconds since the previous lap (or since the stopwatch started). */
function stopwatch(): () => number {
  let mark = performance.now();
  return () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
}
