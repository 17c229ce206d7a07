/**
 * The feedparser project's test feeds (BSD licence, see server/test/fixtures/feeds/feedparser/LICENSE) as a
 * conformance corpus for the ingest: each file served on loopback with the headers its `Header:` lines give,
 * read through the ingest's own fetch and parse path (readFeed) and normalize, then judged against its
 * `Expect:` line where that line states a title (`feed['title'] == '...'`, `entries[N]['title'] == '...'`),
 * compared in text form (markup stripped, entities decoded, spaces collapsed), as the ingest stores titles.
 *
 * Used by `npm run bench -- feeds` (the whole corpus) and by feed-corpus.test.ts (the copies in the fixtures).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readFeed } from '../../src/engine/fetch/feed-fetch.js';
import { SourceFailure } from '../../src/engine/fetch/fetch-state.js';
import { decodeBody, HttpFetcher } from '../../src/engine/fetch/http-fetcher.js';
import { normalizeItem } from '../../src/engine/normalize/normalize.js';
import { htmlToText } from '../../src/engine/fetch/text.js';

export interface CorpusCase {
  /** Path under the corpus's `tests/` folder, e.g. `wellformed/rss/item_title.xml`. */
  file: string;
  bytes: Buffer;
  headers: Array<[string, string]>;
  expect: string;
  /**
   * feedparser's own verdict on the document: `bozo` (its Expect starts with `bozo`, or the file is in
   * illformed/), `clean` (its Expect says `not bozo`), or `unasserted`.
   */
  verdict: 'bozo' | 'clean' | 'unasserted';
  titles: Array<{ entry: number | null; expected: string }>;
  /** A title of the document is declared plain text (`type="text"`): feedparser gives it unescaped, already text. */
  plainTextTitle: boolean;
}

export interface CaseResult {
  file: string;
  verdict: CorpusCase['verdict'];
  /** The SourceFailure message when the ingest refused the feed. */
  failure: string | null;
  /** Why the document is not well-formed XML, when the ingest read it all the same. */
  illFormed: string | null;
  entries: number;
  /** Each entry's address as the parser gives it (its link, resolved against the feed's URL). */
  urls: Array<string | null>;
  titles: Array<{ entry: number | null; expected: string; actual: string | null; ok: boolean }>;
}

/** Every `.xml` file under `dir` (the corpus's `tests/` folder, or a copy of some of its files). */
export function loadCorpus(dir: string): CorpusCase[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.xml')) files.push(p);
    }
  };
  walk(dir);
  return files.map((p) => readCase(dir, p));
}

function readCase(dir: string, file: string): CorpusCase {
  const bytes = readFileSync(file);
  const rel = path.relative(dir, file).split(path.sep).join('/');
  // The comment is ASCII in every encoding the corpus uses; UTF-16/32 files are read through the same decoder.
  const head = decodeBody(bytes, 'application/xml').slice(0, 4000);
  const comment = /<!--([\s\S]*?)-->/.exec(head)?.[1] ?? '';
  const field = (name: string) => [...comment.matchAll(new RegExp(`^\\s*${name}:\\s*(.*)$`, 'gim'))].map((m) => m[1]!.trim());
  const expect = field('Expect')[0] ?? '';
  const headers = field('Header').map((h): [string, string] => {
    const i = h.indexOf(':');
    return [h.slice(0, i).trim(), h.slice(i + 1).trim()];
  });
  const verdict = rel.startsWith('illformed/') || /^bozo\b/.test(expect) ? 'bozo' : /^not bozo\b/.test(expect) ? 'clean' : 'unasserted';
  const plainTextTitle = /<title\b[^>]*\btype\s*=\s*["'](?:text|text\/plain)["']/i.test(decodeBody(bytes, 'application/xml'));
  return { file: rel, bytes, headers, expect, verdict, titles: titleChecks(expect), plainTextTitle };
}

/** `feed['title'] == '...'` and `entries[N]['title'] == u'...'` of an Expect line, their strings decoded. */
export function titleChecks(expect: string): CorpusCase['titles'] {
  const checks: CorpusCase['titles'] = [];
  const literal = `u?(?:'(?:[^'\\\\]|\\\\.)*'|"(?:[^"\\\\]|\\\\.)*")`;
  const re = new RegExp(`(feed|entries\\[(\\d+)\\])\\[['"]title['"]\\]\\s*==\\s*(${literal}(?:\\s*\\+\\s*${literal})*)`, 'g');
  for (const m of expect.matchAll(re)) {
    // feedparser splits some strings ('-' + '-') so that its own comment stays well-formed.
    const parts = m[3]!.match(new RegExp(literal, 'g')) ?? [];
    checks.push({ entry: m[2] === undefined ? null : Number(m[2]), expected: parts.map(pythonString).join('') });
  }
  return checks;
}

function pythonString(literal: string): string {
  return literal
    .replace(/^u/, '')
    .slice(1, -1)
    .replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_, e: string) => {
      if (/^[xuU]/.test(e) && e.length > 1) return String.fromCodePoint(parseInt(e.slice(1), 16));
      return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[e] ?? e;
    });
}

/** The text form feedparser's expected (sanitized HTML) title has once stored: as the ingest turns titles into text. */
export function textForm(html: string): string {
  return collapse(htmlToText(html));
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Serves the cases on one loopback port, each at `/<file>` with its own headers (application/xml otherwise). */
export async function serveCorpus(cases: CorpusCase[]): Promise<{ base: string; close: () => Promise<void> }> {
  const byPath = new Map(cases.map((c) => [`/${c.file}`, c]));
  const server = http.createServer((req, res) => {
    const c = byPath.get(decodeURI((req.url ?? '').split('?')[0]!));
    if (!c) return res.writeHead(404).end();
    const headers: Record<string, string> = { 'content-type': 'application/xml' };
    for (const [name, value] of c.headers) headers[name.toLowerCase()] = value;
    res.writeHead(200, headers).end(c.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Every case fetched and parsed by the ingest, its entries normalized, its titles compared. */
export async function evaluateCorpus(cases: CorpusCase[]): Promise<CaseResult[]> {
  const served = await serveCorpus(cases);
  const fetcher = new HttpFetcher({
    timeoutMs: 15_000,
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
    userAgent: 'DCBriefBot/corpus',
    concurrency: 16,
    perHostConcurrency: 16,
  });
  const now = new Date('2030-01-01T00:00:00Z');
  try {
    return await Promise.all(
      cases.map(async (c): Promise<CaseResult> => {
        const source = { id: 'corpus', kind: 'news' as const, feedUrl: `${served.base}/${encodeURI(c.file)}` };
        let failure: string | null = null;
        let illFormed: string | null = null;
        let feedTitle: string | null = null;
        let entryTitles: Array<string | null> = [];
        let urls: Array<string | null> = [];
        try {
          const read = await readFeed(fetcher, source);
          if (read.kind === 'ok') {
            illFormed = read.feed.illFormed;
            urls = read.feed.items.map((item) => item.url);
            feedTitle = read.feed.title === null ? null : textForm(read.feed.title);
            entryTitles = read.feed.items.map(
              (item) => normalizeItem(item, { declaredLanguage: 'en', now })?.title ?? textForm(item.title),
            );
          }
        } catch (err) {
          failure = err instanceof SourceFailure ? err.message : `crash: ${(err as Error).message}`;
        }
        return {
          file: c.file,
          verdict: c.verdict,
          failure,
          illFormed,
          entries: entryTitles.length,
          urls,
          titles: c.titles.map((t) => {
            const actual = t.entry === null ? feedTitle : (entryTitles[t.entry] ?? null);
            const right = actual !== null && (actual === textForm(t.expected) || (c.plainTextTitle && actual === collapse(t.expected)));
            return { ...t, actual, ok: right };
          }),
        };
      }),
    );
  } finally {
    await served.close();
  }
}

/** The figures of a run: feeds failing (by feedparser's verdict), and title tests right. */
export function summarize(results: CaseResult[]) {
  const failed = results.filter((r) => r.failure);
  const titles = results.flatMap((r) => r.titles);
  return {
    feeds: results.length,
    failed: failed.length,
    failedBozo: failed.filter((r) => r.verdict === 'bozo').length,
    failedClean: failed.filter((r) => r.verdict === 'clean').length,
    failedUnasserted: failed.filter((r) => r.verdict === 'unasserted').length,
    readIllFormed: results.filter((r) => r.illFormed).length,
    bozo: results.filter((r) => r.verdict === 'bozo').length,
    titleTests: titles.length,
    titlesRight: titles.filter((t) => t.ok).length,
  };
}
