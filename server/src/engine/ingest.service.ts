import type { MikroORM } from '@mikro-orm/core';
import pLimit from 'p-limit';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { Batches } from '../lib/batches.js';
import { clusterPending } from './cluster/story-clustering.js';
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
import { storeArticles, storeStories } from './model/pass-store.js';
import { Source } from './model/source.entity.js';
import { prepareArticles } from './intake/article-intake.js';
import { placeFinder } from './entities/place-anchors.js';
import { normalizeFresh } from './normalize/normalize.js';
import type { Summarizer } from './summarize/extractive.js';
import { summarizeTouched, type SourceInfo } from './summarize/story-summary.js';
import { recordEntities } from './entities/entities.service.js';
import type { PassTranslator, TranslationPassReport } from './translate/cached-translator.js';
import type { NormalizedItem } from './types.js';

/**
 * Items taken through intake and stored at a time (docs/decisions/531): what the pass holds of its articles while
 * fetching, whatever the catalogue's size.
 */
const INTAKE_BATCH_ITEMS = 1000;

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
  /**
   * Milliseconds spent fetching, normalizing and storing the articles (`fetchMs`), placing them in stories
   * (`clusterMs`), placing, classifying, summarizing and storing the stories (`storiesMs`, which includes `clusterMs`),
   * and, of all that, in the store's write transactions (`storeMs`).
   */
  timings: { fetchMs: number; storeMs: number; storiesMs: number; clusterMs: number; entitiesMs: number };
  /** The entities stage (after summaries): mentions and facts stored for the touched stories, candidates found. */
  entities: { mentions: number; facts: number; candidates: number };
  /** Titles, leads and facts translated, from the cache or the provider, and why the rest was not (null: no translator). */
  translation: TranslationPassReport | null;
  outcomes: SourceOutcome[];
}

/** One source fetched: its outcome, its new items, and (when it answered with content) its fetch state to store. */
interface FetchedSource {
  outcome: SourceOutcome;
  items: NormalizedItem[];
  /** With `state`: the pass's managed entity, which the state is copied onto once stored. */
  source?: Source;
  state?: Partial<Source>;
}

/**
 * One ingestion pass: enabled sources -> polite fetch -> parse -> normalize -> (translate) -> articles stored a batch
 * at a time, in no story yet -> every pending article placed in a story -> the stories that changed classified,
 * summarized and stored a slice at a time. A source that fails is recorded with its error and backoff; it never stops
 * the others. The pass holds a batch of articles or a slice of stories at a time, and the clustering index (their
 * keys, not their texts), whatever the catalogue's size (docs/decisions/531). A pass that fails after storing
 * articles leaves them pending: the next one places them.
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
    const { orm, clock, translator } = this.deps;
    const now = clock.now();
    const em = orm.em.fork();
    const { due, waiting } = await dueSources(em, options, now);
    const report = emptyReport(now, due.length, waiting);
    const lap = stopwatch();
    // Failures (backoff), 304s and fetch times are kept even if storing failed; a new ETag is stored only with its
    // source's articles (pass-store.ts).
    const reseen = await this.fetchAndStore(due, now, report, options.onProgress).finally(() => em.flush());
    report.outcomes.sort((a, b) => (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0));
    const sourceInfo = new Map<string, SourceInfo>(
      (await em.find(Source, {})).map((s) => [s.id, { weight: s.weight, categories: s.categories }]),
    );
    report.timings.fetchMs = lap();
    collectBetweenStages();
    const clusters = await clusterPending(orm.em.fork(), now);
    report.timings.clusterMs = lap();
    collectBetweenStages();
    const { summarizer } = this.deps;
    const stored = await summarizeTouched(
      orm.em.fork(),
      { ...clusters, reseen },
      sourceInfo,
      summarizer,
      translator.target,
      now,
      (writes) => this.timed(report, () => storeStories(orm.em.fork(), writes)),
    );
    report.storiesCreated = stored.created;
    report.storiesUpdated = stored.updated;
    report.timings.storiesMs = report.timings.clusterMs + lap();
    collectBetweenStages();
    const entities = await recordEntities(orm.em.fork(), [...new Set([...clusters.members.keys(), ...reseen])], now);
    report.entities = { mentions: entities.mentions, facts: entities.facts, candidates: entities.candidates.length };
    report.timings.entitiesMs = lap();
    return report;
  }

  /**
   * Every due source fetched at once (the fetcher keeps the overall and per-host limits) and counted in the report
   * as each ends; their items become articles and are stored a batch at a time as they come (docs/decisions/531),
   * with no new fetch started while a full batch waits. Returns the stored stories whose articles another source
   * now carries (to summarize again).
   */
  private async fetchAndStore(
    due: Source[],
    now: Date,
    report: IngestReport,
    onProgress: IngestOptions['onProgress'],
  ): Promise<Set<string>> {
    const reseen = new Set<string>();
    const batches = new Batches<FetchedSource>(
      INTAKE_BATCH_ITEMS,
      (f) => f.items.length,
      (batch) => this.storeBatch(batch, now, report, reseen),
    );
    // Sources are let past the batches' gate as many at a time as the fetcher fetches at once (its overall limit),
    // so what waits for a batch stays bounded (twice that held 2 MB more at 250 feeds, no faster: docs/decisions/533);
    // taken host by host in turn, so that feeds of one host (which the fetcher takes two at a time) do not fill that
    // window while other hosts are idle.
    const inFlight = pLimit(this.deps.config.fetch.concurrency);
    let done = 0;
    await Promise.all(
      hostByHost(due).map(async (source) =>
        inFlight(async () => {
          if (!(await batches.room())) return;
          const fetched = await this.fetchSource(source, now);
          const { outcome } = fetched;
          report.outcomes.push(outcome);
          report.skippedItems += outcome.skippedItems ?? 0;
          if (outcome.status === 'ok') report.ok++;
          else if (outcome.status === 'not-modified') report.notModified++;
          else report.failed++;
          if (fetched.state) batches.add(fetched);
          onProgress?.({ done: ++done, total: due.length, sourceId: source.id, outcome: outcome.status });
        }),
      ),
    );
    await batches.finish();
    return reseen;
  }

  /** One batch of fetched sources: their items become articles, stored pending with the sources' fetch state. */
  private async storeBatch(batch: FetchedSource[], now: Date, report: IngestReport, reseen: Set<string>): Promise<void> {
    const { orm, translator, logger } = this.deps;
    const items = batch.flatMap((f) => f.items);
    const prepared = await prepareArticles(items, now, { em: orm.em.fork(), translator, logger, places: placeFinder() });
    report.newArticles += prepared.created.length;
    report.repeatedArticles += prepared.repeated;
    report.skippedItems += prepared.leftOut;
    const fetchState = new Map(batch.map((f) => [f.outcome.sourceId, f.state!]));
    await this.timed(report, () =>
      storeArticles(orm.em.fork(), { fetchState, alsoSeen: prepared.alsoSeen, articles: prepared.created }, now),
    );
    // The pass's flush writes the entities' dates back whether they changed or not (SQLite), so an entity still
    // holding the previous success would undo what was just stored.
    for (const f of batch) if (f.source && f.state) Object.assign(f.source, f.state);
    for (const seen of prepared.alsoSeen.values()) if (seen.storyId) reseen.add(seen.storyId);
  }

  /** Runs a write, adding its time to the pass's store time. */
  private async timed(report: IngestReport, write: () => Promise<void>): Promise<void> {
    const startedAt = performance.now();
    await write();
    report.timings.storeMs += Math.round(performance.now() - startedAt);
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
        outcome: {
          sourceId: source.id,
          status: 'ok',
          items: feed.itemCount,
          newItems: items.length,
          skippedItems,
          ...(feed.illFormed === null ? {} : { illFormed: feed.illFormed }),
        },
        items,
        source,
        state: fetchedState(feed, now),
      };
    } catch (err) {
      const outcome = recordFailure(source, err, now);
      this.deps.logger?.warn({ source: source.id, error: outcome.error }, 'source failed');
      return { outcome, items: [] };
    }
  }
}

/** Sources reordered so that consecutive ones are on different hosts where possible: each host's first, then each one's second... */
export function hostByHost(sources: Source[]): Source[] {
  const byHost = new Map<string, Source[]>();
  for (const source of sources) {
    let host = '';
    try {
      host = new URL(source.feedUrl).host;
    } catch {
      // an invalid URL fails at fetch time, in its turn
    }
    const list = byHost.get(host);
    if (list) list.push(source);
    else byHost.set(host, [source]);
  }
  const lists = [...byHost.values()];
  const out: Source[] = [];
  for (let i = 0; out.length < sources.length; i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
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
    timings: { fetchMs: 0, storeMs: 0, storiesMs: 0, clusterMs: 0, entitiesMs: 0 },
    entities: { mentions: 0, facts: 0, candidates: 0 },
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
