import { readFileSync, writeFileSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../../lib/clock.js';
import { Source } from '../model/source.entity.js';
import { truncate } from '../normalize/limits.js';
import { loadCatalog } from './catalog.js';
import { exportOpml, importOpml } from './opml.js';
import { addSource, listSources, setSourceEnabled, SourceError, syncCatalog } from './sources.service.js';

export const SOURCES_HELP = `Source commands

  sources list [--failing] [--disabled] [--language xx]   sources with their fetch state: last status and HTTP
                                                          code, failures, last fetch, next attempt, ETag and
                                                          Last-Modified (shortened; times in UTC), last error
  sources show <id>                                       one source with every field and its full fetch state
  sources sync                                            add the shipped catalog's new sources
  sources add --id ID --name NAME --site URL --feed URL [--kind news|podcast] [--language en]
              [--country GB] [--categories infrastructure,technology] [--weight 1]
  sources disable <id> | sources enable <id>
  sources import-opml <file>                              add every feed of an OPML file not followed yet
  sources export-opml [file]                              all sources as OPML (stdout without a file)`;

/** `sources ...` operator commands; returns what to print. */
export async function runSourcesCommand(em: EntityManager, clock: Clock, args: string[]): Promise<string> {
  const [command, ...rest] = args;
  const { flags, positional } = parseFlags(rest);
  switch (command) {
    case 'list': {
      const sources = await listSources(em, {
        enabled: flags.disabled ? false : undefined,
        failing: Boolean(flags.failing),
        language: typeof flags.language === 'string' ? flags.language : undefined,
      });
      return `${formatSources(sources)}\n\n${sources.length} source(s)`;
    }
    case 'show': {
      const id = positional[0];
      if (!id) throw new SourceError('usage: sources show <id>');
      const source = await em.findOne(Source, { id });
      if (!source) throw new SourceError(`no source "${id}"`);
      return formatSource(source);
    }
    case 'sync': {
      const { added, updated } = await syncCatalog(em, loadCatalog(), clock);
      return `catalog synced: ${added} added, ${updated} updated`;
    }
    case 'add': {
      const source = await addSource(
        em,
        {
          id: flags.id,
          name: flags.name,
          siteUrl: flags.site,
          feedUrl: flags.feed,
          kind: flags.kind ?? 'news',
          language: flags.language ?? 'en',
          country: flags.country ?? 'INT',
          categories: String(flags.categories ?? 'infrastructure')
            .split(',')
            .filter(Boolean),
          weight: Number(flags.weight ?? 1),
        },
        clock,
      );
      return `added ${source.id} (${source.feedUrl})`;
    }
    case 'disable':
    case 'enable': {
      const id = positional[0];
      if (!id) throw new SourceError(`usage: sources ${command} <id>`);
      const source = await setSourceEnabled(em, id, command === 'enable');
      return `${source.id} ${source.enabled ? 'enabled' : 'disabled'}`;
    }
    case 'import-opml': {
      const file = positional[0];
      if (!file) throw new SourceError('usage: sources import-opml <file>');
      const { entries, skipped } = importOpml(readFileSync(file, 'utf8'));
      const lines: string[] = [];
      let added = 0;
      for (const entry of entries) {
        try {
          await addSource(em, entry, clock);
          added++;
        } catch (err) {
          lines.push(`  skipped ${entry.feedUrl}: ${(err as Error).message}`);
        }
      }
      for (const s of skipped) lines.push(`  skipped ${s.text}: ${s.reason}`);
      return [`imported ${added} of ${entries.length + skipped.length} feed(s)`, ...lines].join('\n');
    }
    case 'export-opml': {
      const xml = exportOpml(await listSources(em));
      if (positional[0]) {
        writeFileSync(positional[0], xml);
        return `wrote ${positional[0]}`;
      }
      return xml;
    }
    default:
      return SOURCES_HELP;
  }
}

export function formatSources(sources: Source[]): string {
  const rows = sources.map((s) => ({
    id: s.id,
    kind: s.kind,
    lang: s.language,
    enabled: s.enabled ? 'yes' : 'no',
    status: s.lastStatus,
    http: s.lastHttpStatus === null ? '' : String(s.lastHttpStatus),
    failures: String(s.consecutiveFailures),
    fetched: minute(s.lastFetchedAt),
    next: minute(s.nextAttemptAt),
    etag: s.etag ? shorten(s.etag, 16) : '',
    'last-modified': s.lastModified ? minute(httpDate(s.lastModified)) || shorten(s.lastModified, 16) : '',
    error: s.lastError ? shorten(s.lastError, 60) : '',
  }));
  const columns = ['id', 'kind', 'lang', 'enabled', 'status', 'http', 'failures', 'fetched', 'next', 'etag', 'last-modified', 'error'];
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r as Record<string, string>)[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(columns.map((c) => (r as Record<string, string>)[c]!))),
  ].join('\n');
}

/** Every field of one source, fetch state in full (`sources show`). */
export function formatSource(s: Source): string {
  const iso = (d: Date | null) => d?.toISOString() ?? '-';
  const fields: Array<[string, string]> = [
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
    ['last status', s.lastStatus],
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
  ];
  const width = Math.max(...fields.map(([k]) => k.length));
  return fields.map(([k, v]) => `${`${k}:`.padEnd(width + 1)}  ${v}`).join('\n');
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

export interface ParsedArgs {
  flags: Record<string, string | true | undefined>;
  positional: string[];
}

/** `--name value`, `--name=value` and bare `--switch`; everything else is positional. */
export function parseFlags(args: string[]): ParsedArgs {
  const flags: ParsedArgs['flags'] = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = args[i + 1];
    if (inline !== undefined) flags[key] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      flags[key] = next;
      i++;
    } else flags[key] = true;
  }
  return { flags, positional };
}
