import { readFileSync, writeFileSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../lib/clock.js';
import { Source } from '../engine/model/source.entity.js';
import { truncate } from '../engine/model/limits.js';
import { loadCatalog } from '../engine/sources/catalog.js';
import { exportOpml, importOpml } from '../engine/sources/opml.js';
import { addSource, listSources, setSourceEnabled, syncCatalog } from '../engine/sources/sources.service.js';
import { CliError } from './cli-error.js';
import { parseFlags, type FlagOptions } from './flags.js';
import { runSubcommand, subcommand, type OpenContext, type Subcommand } from './runner.js';
import { formatFields, formatTable, visible } from './table.js';

export const SOURCES_HELP = `Source commands

  sources list [--failing] [--disabled] [--language xx]   sources with their fetch state: last status and HTTP
                                                          code ("ok (ill-formed but read)": the feed is not
                                                          well-formed XML, read leniently), failures, last fetch,
                                                          next attempt, ETag and Last-Modified (shortened; times
                                                          in UTC), last error
  sources show <id>                                       one source with every field and its full fetch state
  sources sync                                            add the shipped catalog's new sources
  sources add --id ID --name NAME --site URL --feed URL [--kind news|podcast] [--language en]
              [--country GB] [--categories infrastructure,technology] [--weight 1]
  sources disable <id> | sources enable <id>
  sources import-opml <file>                              add every feed of an OPML file not followed yet
  sources export-opml [file]                              all sources as OPML (stdout without a file)`;

interface SourcesContext {
  em: EntityManager;
  clock: Clock;
}

/** `sources <command> ...` as a process (`npm run admin -- sources ...`, or cli/sources.ts directly). */
export function sourcesMain(argv: string[], open: OpenContext): Promise<number> {
  return runSubcommand(argv, SOURCES_HELP, COMMANDS, async () => {
    const cli = await open();
    return { em: cli.orm.em.fork(), clock: cli.clock };
  });
}

/** `sources ...` operator commands on a given database; returns what to print. */
export async function runSourcesCommand(em: EntityManager, clock: Clock, args: string[]): Promise<string> {
  const [name, ...rest] = args;
  return subcommand(COMMANDS, name, SOURCES_HELP)({ em, clock }, rest);
}

const COMMANDS: Record<string, Subcommand<SourcesContext>> = {
  async list({ em }, args) {
    const { values } = flags(args, { failing: { type: 'boolean' }, disabled: { type: 'boolean' }, language: { type: 'string' } });
    const sources = await listSources(em, {
      enabled: values.disabled ? false : undefined,
      failing: Boolean(values.failing),
      language: values.language,
    });
    return `${formatSources(sources)}\n\n${sources.length} source(s)`;
  },

  async show({ em }, args) {
    const id = argument(args, 'sources show <id>');
    const source = await em.findOne(Source, { id });
    if (!source) throw new CliError(`no source "${id}"`);
    return formatSource(source);
  },

  async sync({ em, clock }, args) {
    flags(args, {});
    const { added, updated } = await syncCatalog(em, loadCatalog(), clock);
    return `catalog synced: ${added} added, ${updated} updated`;
  },

  async add({ em, clock }, args) {
    const text = { type: 'string' } as const;
    const { values } = flags(args, {
      id: text,
      name: text,
      site: text,
      feed: text,
      kind: text,
      language: text,
      country: text,
      categories: text,
      weight: text,
    });
    const source = await addSource(
      em,
      {
        id: values.id,
        name: values.name,
        siteUrl: values.site,
        feedUrl: values.feed,
        kind: values.kind ?? 'news',
        language: values.language ?? 'en',
        country: values.country ?? 'INT',
        categories: (values.categories ?? 'infrastructure').split(',').filter(Boolean),
        weight: Number(values.weight ?? 1),
      },
      clock,
    );
    return `added ${source.id} (${source.feedUrl})`;
  },

  enable: async ({ em }, args) => setEnabled(em, argument(args, 'sources enable <id>'), true),
  disable: async ({ em }, args) => setEnabled(em, argument(args, 'sources disable <id>'), false),

  async 'import-opml'({ em, clock }, args) {
    const { entries, skipped } = importOpml(readFileSync(argument(args, 'sources import-opml <file>'), 'utf8'));
    const lines: string[] = [];
    let added = 0;
    for (const entry of entries) {
      try {
        await addSource(em, entry, clock);
        added++;
      } catch (err) {
        lines.push(visible(`  skipped ${entry.feedUrl}: ${(err as Error).message}`));
      }
    }
    // Titles and URLs come from someone else's OPML file.
    for (const s of skipped) lines.push(visible(`  skipped ${s.text}: ${s.reason}`));
    return [`imported ${added} of ${entries.length + skipped.length} feed(s)`, ...lines].join('\n');
  },

  async 'export-opml'({ em }, args) {
    const [file] = flags(args, {}, true).positionals;
    const xml = exportOpml(await listSources(em));
    if (!file) return xml;
    writeFileSync(file, xml);
    return `wrote ${file}`;
  },
};

function flags<const O extends FlagOptions>(args: string[], options: O, positionals = false) {
  return parseFlags(args, options, { positionals, usage: SOURCES_HELP });
}

/** The one argument a command takes (an id, a file). */
function argument(args: string[], usage: string): string {
  const [value, ...extra] = flags(args, {}, true).positionals;
  if (!value || extra.length) throw new CliError(`usage: ${usage}`);
  return value;
}

async function setEnabled(em: EntityManager, id: string, enabled: boolean): Promise<string> {
  const source = await setSourceEnabled(em, id, enabled);
  return `${source.id} ${source.enabled ? 'enabled' : 'disabled'}`;
}

function formatSources(sources: Source[]): string {
  const rows = sources.map((s) => ({
    id: s.id,
    kind: s.kind,
    lang: s.language,
    enabled: s.enabled ? 'yes' : 'no',
    status: status(s),
    http: s.lastHttpStatus === null ? '' : String(s.lastHttpStatus),
    failures: String(s.consecutiveFailures),
    fetched: minute(s.lastFetchedAt),
    next: minute(s.nextAttemptAt),
    etag: s.etag ? shorten(s.etag, 16) : '',
    'last-modified': s.lastModified ? minute(httpDate(s.lastModified)) || shorten(s.lastModified, 16) : '',
    error: s.lastError ? shorten(s.lastError, 60) : '',
  }));
  return formatTable(rows, [
    'id',
    'kind',
    'lang',
    'enabled',
    'status',
    'http',
    'failures',
    'fetched',
    'next',
    'etag',
    'last-modified',
    'error',
  ]);
}

/** Every field of one source, fetch state in full (`sources show`). */
function formatSource(s: Source): string {
  const iso = (d: Date | null) => d?.toISOString() ?? '-';
  return formatFields([
    ['id', s.id],
    ['name', s.name],
    ['site', s.siteUrl],
    ['feed', s.feedUrl],
    ['kind', s.kind],
    ['language', s.language],
    ['country', s.country],
    ['categories', s.categories.join(', ')],
    ['weight', String(s.weight)],
    ['enabled', s.enabled ? 'yes' : 'no (not fetched by the schedule)'],
    ['origin', s.origin],
    ['last status', status(s)],
    ['well-formed', s.illFormed ? `no, read leniently: ${s.illFormed}` : s.lastStatus === 'never' ? '-' : 'yes'],
    ['last HTTP status', s.lastHttpStatus === null ? '-' : String(s.lastHttpStatus)],
    ['last error', s.lastError ?? '-'],
    ['consecutive failures', String(s.consecutiveFailures)],
    ['last fetched', iso(s.lastFetchedAt)],
    ['last success', iso(s.lastSuccessAt)],
    ['next attempt', s.nextAttemptAt ? iso(s.nextAttemptAt) : 'next pass'],
    ['ETag', s.etag ?? '-'],
    ['Last-Modified', s.lastModified ?? '-'],
    ['created', iso(s.createdAt)],
    ['updated', iso(s.updatedAt)],
  ]);
}

/**
 * The last status, with "ill-formed but read" when the feed's last document is not well-formed XML: the source
 * works, but its publisher's feed is broken for stricter readers (decision 221).
 */
function status(s: Source): string {
  return s.illFormed && s.lastStatus !== 'failed' ? `${s.lastStatus} (ill-formed but read)` : s.lastStatus;
}

/** "2026-11-20 11:00Z": a time to the minute, compact enough for a table. */
function minute(d: Date | null): string {
  return d && !Number.isNaN(d.getTime()) ? `${d.toISOString().slice(0, 16).replace('T', ' ')}Z` : '';
}

function httpDate(value: string): Date | null {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function shorten(value: string, max: number): string {
  return truncate(value.replace(/\s+/g, ' '), max);
}
