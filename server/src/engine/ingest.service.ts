import type { MikroORM } from '@mikro-orm/core';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { clusterIntoStories } from './dedupe/story-clustering.js';
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
import { storePass } from './model/pass-store.js';
import { Source } from './model/source.entity.js';
import { prepareArticles, type PreparedArticles } from './normalize/article-intake.js';
import { normalizeFresh } from './normalize/normalize.js';
import type { Summarizer } from './summarize/extractive.js';
import { summarizeStories, type SourceInfo, type SummarizedStories } from './summarize/story-summary.js';
import type { PassTranslator, TranslationPassReport } from './translate/cached-translator.js';
import type { NormalizedItem } from './types.js';

export interface IngestDeps {
  orm: MikroORM;
  config: EngineConfig;
  fetcher: Fetcher;
  translator: PassTranslator;
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
  /**
   * Items left out: entries the parser could not read, items with no title and text worth keeping or whose
   * link is too long to store, and articles a value of which does not fit its column. Never a whole feed.
   */
  skippedItems: number;
  storiesCreated: number;
  storiesUpdated: number;
  /** Milliseconds spent fetching and normalizing, clustering + classifying + summarizing, and storing. */
  timings: { fetchMs: number; storeMs: number; storiesMs: number; clusterMs: number };
  /** Titles, leads and facts translated, from the cache or the provider, and why the rest was not (null: no translator). */
  translation: TranslationPassReport | null;
  outcomes: SourceOutcome[];
}

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
    const { translator } = this.deps;
    translator.startPass();
    let translation: TranslationPassReport | null = null;
    // Ended (and logged) even when the pass fails: the operator learns the provider failed, whatever else did.
    const report = await this.pass(options).finally(() => (translation = translator.endPass()));
    if (translator.provider !== 'none') report.translation = translation;
    this.deps.logger?.info({ ...report, outcomes: undefined }, 'ingest finished');
    return report;
  }

  private async pass(options: IngestOptions): Promise<IngestReport> {
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
    collectBetweenStages();
    const prepared = await prepareArticles(fetched.items, now, { em: orm.em.fork(), translator, logger });
    // The items are articles now (sharing their strings): the pass holds no second copy while it clusters and stores.
    fetched.items.length = 0;
    collectBetweenStages();
    report.newArticles = prepared.created.length;
    report.repeatedArticles = prepared.repeated;
    report.skippedItems += prepared.leftOut;
    const stories =
      prepared.created.length || prepared.alsoSeen.size
        ? await this.storiesOf(prepared, sourceInfo, now, report.timings)
        : { fresh: [], updated: [] };
    report.storiesCreated = stories.fresh.length;
    report.storiesUpdated = stories.updated.length;
    report.timings.storiesMs = lap();
    collectBetweenStages();
    await storePass(orm.em.fork(), { fetchState: fetched.state, alsoSeen: prepared.alsoSeen, articles: prepared.created, stories }, now);
    report.timings.storeMs = lap();
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
        report.skippedItems += outcome.skippedItems ?? 0;
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
      const skippedItems = feed.skipped + feed.fresh.length - items.length;
      return {
        outcome: { sourceId: source.id, status: 'ok', items: feed.itemCount, newItems: items.length, skippedItems },
        items,
        state: fetchedState(feed, now),
      };
    } catch (err) {
      const outcome = recordFailure(source, err, now);
      this.deps.logger?.warn({ source: source.id, error: outcome.error }, 'source failed');
      return { outcome, items: [] };
    }
  }

  /** The pass's new articles clustered into stories, and every story that changed summarized again. */
  private async storiesOf(
    prepared: PreparedArticles,
    sources: Map<string, SourceInfo>,
    now: Date,
    timings: IngestReport['timings'],
  ): Promise<SummarizedStories> {
    const startedAt = performance.now();
    const clusters = await clusterIntoStories(this.deps.orm.em.fork(), prepared.created, prepared.alsoSeen, now);
    timings.clusterMs = Math.round(performance.now() - startedAt);
    collectBetweenStages();
    return summarizeStories(clusters, sources, this.deps.summarizer, this.deps.translator.target, now);
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
    skippedItems: 0,
    storiesCreated: 0,
    storiesUpdated: 0,
    timings: { fetchMs: 0, storeMs: 0, storiesMs: 0, clusterMs: 0 },
    translation: null,
    outcomes: [],
  };
}

/**
 * A full collection between the pass's stages, when the process allows it (`npm run ingest` runs with `--expose-gc`;
 * the server's scheduled pass does not, and this does nothing there). Each stage leaves most of what it allocated
 * behind (the fetched documents, the intake's keys, the matching's garbage); collected before the next one starts,
 * V8's heap limit stays near what is live instead of growing with the garbage, and the pass's peak is 10-15% lower
 * for the same CPU (docs/decisions/527).
 */
function collectBetweenStages(): void {
  (globalThis as { gc?: () => void }).gc?.();
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
