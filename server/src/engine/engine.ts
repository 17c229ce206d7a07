import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { withLease, type LeaseHolder } from '../db/lease.js';
import { buildEdition, editionWindow, type Edition, type EditionKind, type EditionSelect } from './edition/edition.js';
import type { EngineConfig } from './engine.config.js';
import { HttpFetcher, type Fetcher } from './fetch/http-fetcher.js';
import { IngestService, type IngestOptions, type IngestReport } from './ingest.service.js';
import { loadCatalog, type CatalogEntry } from './sources/catalog.js';
import { syncCatalog } from './sources/sources.service.js';
import { ExtractiveSummarizer, type Summarizer } from './summarize/extractive.js';
import { LlmSummarizer } from './summarize/llm-summarizer.js';
import { CachedTranslator, type PassTranslator } from './translate/cached-translator.js';
import { createTranslator } from './translate/create-translator.js';
import { ChatClient, type TranslationProvider } from './translate/translator.js';

/** The ports the engine talks to the world through; each has a real default built from the config. */
export interface EnginePorts {
  fetcher?: Fetcher;
  /** The translation service; the engine puts it behind its cache and per-pass budget. */
  translator?: TranslationProvider;
  summarizer?: Summarizer;
  clock?: Clock;
  logger?: Logger;
}

export interface Engine {
  readonly translator: PassTranslator;
  readonly summarizer: Summarizer;
  /** Adds the shipped catalog's (or a given file's) sources to the database, keeping operator changes. */
  syncCatalog(entries?: CatalogEntry[]): Promise<{ added: number; updated: number }>;
  ingest(options?: IngestOptions): Promise<IngestReport>;
  /** `select: 'published'` looks back at what was first published in a window instead of what we ingested in it. */
  edition(options?: {
    kind?: EditionKind;
    from?: Date;
    to?: Date;
    limit?: number;
    select?: EditionSelect;
    knownBy?: Date | null;
  }): Promise<Edition>;
}

/** The ingest lease's name, also the periodic job's and the pg-boss queue's (jobs/ingest-schedule.ts). */
export const INGEST_JOB = 'engine-ingest';

/** An ingest pass was asked for while another process holds the ingest lease. */
export class IngestBusyError extends Error {
  constructor(readonly holder: LeaseHolder | null) {
    super(
      holder
        ? `Another ingest pass is running (${holder.owner}, lease until ${holder.until.toISOString()}); try again when it has finished`
        : 'Another ingest pass is running; try again when it has finished',
    );
  }
}
/** An ingest pass still running after this long is presumed dead (its server stopped) and the next may start. */
export const INGEST_TIMEOUT_SEC = 30 * 60;

export function createEngine(orm: MikroORM, config: EngineConfig, ports: EnginePorts = {}): Engine {
  const clock = ports.clock ?? systemClock;
  const em = (): EntityManager => orm.em.fork();
  const translator = new CachedTranslator(ports.translator ?? createTranslator(config.translator), orm.em, {
    maxCharsPerPass: config.translator.maxCharsPerPass,
    logger: ports.logger,
  });
  const summarizer =
    ports.summarizer ??
    (config.summarizer.provider === 'openai'
      ? new LlmSummarizer(new ChatClient(config.summarizer), translator)
      : new ExtractiveSummarizer(translator));
  const fetcher = ports.fetcher ?? new HttpFetcher(config.fetch);
  const service = new IngestService({ orm, config, fetcher, translator, summarizer, clock, logger: ports.logger });
  let running: Promise<IngestReport> | null = null;

  const ingest = (options?: IngestOptions) => {
    // One pass at a time: a scheduled run and an operator's run never fetch the same feeds twice at once.
    // In this process, a second call joins the pass under way; across processes (the servers' schedules,
    // `npm run ingest`) a lease in the database admits one, and the others get an IngestBusyError.
    if (running) return running;
    running = withLease(em(), INGEST_JOB, INGEST_TIMEOUT_SEC * 1000, clock.now(), () => service.run(options))
      .then((result) => {
        if (!result.ran) throw new IngestBusyError(result.holder);
        return result.value;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    translator,
    summarizer,
    syncCatalog: (entries) => syncCatalog(em(), entries ?? loadCatalog(), clock),
    ingest,
    async edition(options = {}) {
      const kind = options.kind ?? 'daily';
      const now = clock.now();
      const window = editionWindow(kind, now);
      return buildEdition(em(), {
        kind,
        from: options.from ?? window.from,
        to: options.to ?? window.to,
        now,
        limit: options.limit,
        select: options.select,
        knownBy: options.knownBy,
      });
    },
  };
}
