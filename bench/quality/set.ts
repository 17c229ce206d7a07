/**
 * A labelled quality set: articles in many languages, each with its gold story (`event`), the interests it may
 * be filed under, the sentences that are opinion or speculation, the facts its sentences state and an English
 * translation. Format: server/test/fixtures/quality/README.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { INTERESTS } from '@dcbrief/shared';
import { z } from 'zod';
import { splitSentences } from './text.js';

const interest = z.enum(INTERESTS);
const language = z.string().regex(/^[a-z]{2,3}$/, 'language: an ISO 639-1 code such as "en", "ja", "ar"');
const isoDate = z.iso.datetime({ offset: true });

export const articleSchema = z.strictObject({
  id: z.string().min(1).max(120),
  source: z.strictObject({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,60}$/), name: z.string().min(2).max(200) }),
  language,
  published: isoDate,
  title: z.string().min(3),
  text: z.string().min(20),
  event: z.string().min(1),
  interests: z.array(interest).min(1),
  opinionSentences: z.array(z.string().min(1)),
  /** Sentences about another actor or another event (context, comparisons): not facts of this story. */
  backgroundSentences: z.array(z.string().min(1)).optional(),
  /**
   * Leading parts of opinion sentences that state a fact on their own (the sentence cut before its evaluative
   * clause): a summary sentence that is exactly one of them is not opinion.
   */
  factFragments: z.array(z.string().min(1)).optional(),
  facts: z.record(z.string(), z.array(z.string().min(1)).min(1)).optional(),
  mustKnow: z.boolean().optional(),
  en: z.strictObject({ title: z.string().min(3), text: z.string().min(20) }).optional(),
});
export type QualityArticle = z.infer<typeof articleSchema>;

const outletSchema = z.strictObject({
  country: z.string().regex(/^([A-Z]{2}|INT|EU)$/),
  categories: z.array(interest).min(1),
  weight: z.number().min(0.1).max(3),
});
export type Outlet = z.infer<typeof outletSchema>;

const setMetaSchema = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  /** When the set is ingested (the engine's clock); default: an hour after the newest article. */
  now: isoDate.optional(),
  /**
   * Ingested as the news came: a pass after each hour in which an article was published, each feed listing what
   * was published by then (a set spanning weeks: real publication dates); else one pass at `now`.
   */
  stream: z.boolean().optional(),
  /** What the catalog says of each outlet; an outlet not listed is INT, infrastructure, weight 1. */
  outlets: z.record(z.string(), outletSchema).optional(),
});

export interface QualitySet {
  name: string;
  dir: string;
  description: string;
  now: Date;
  stream: boolean;
  /** The subscriber's language and the translator's target: English, the language of the sets' translations. */
  readerLanguage: string;
  outlets: Record<string, Outlet>;
  articles: QualityArticle[];
  /** What checkArticles found that does not stop the run. */
  warnings: string[];
}

export const DEFAULT_OUTLET: Outlet = { country: 'INT', categories: ['infrastructure'], weight: 1 };

export class QualitySetError extends Error {}

/** Every set under `dir`: `dir` itself when it holds articles, otherwise each sub-folder that does, sorted by name. */
export function findSets(dir: string): string[] {
  if (!existsSync(dir)) throw new QualitySetError(`no such folder: ${dir}`);
  if (articleFiles(dir).length) return [dir];
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((p) => statSync(p).isDirectory() && articleFiles(p).length > 0)
    .sort();
}

/** The article files of a set folder: every *.json (an array of articles) and *.jsonl (one per line) but set.json. */
function articleFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => (f.endsWith('.json') || f.endsWith('.jsonl')) && f !== 'set.json')
    .sort()
    .map((f) => path.join(dir, f));
}

/** Reads and validates one set folder; every problem is reported with its file and article. */
export function loadSet(dir: string): QualitySet {
  const metaFile = path.join(dir, 'set.json');
  const meta = existsSync(metaFile) ? parseWith(setMetaSchema, readJson(metaFile), metaFile) : {};
  const articles: QualityArticle[] = [];
  for (const file of articleFiles(dir)) {
    const raw = file.endsWith('.jsonl')
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l, i) => parseLine(l, `${file}:${i + 1}`))
      : readJson(file);
    if (!Array.isArray(raw)) throw new QualitySetError(`${file}: expected an array of articles`);
    raw.forEach((a, i) => articles.push(parseWith(articleSchema, a, `${file} [${i}]`)));
  }
  const { errors, warnings } = checkArticles(articles);
  if (errors.length) throw new QualitySetError(`${dir}:\n  ${errors.slice(0, 30).join('\n  ')}`);
  const newest = Math.max(...articles.map((a) => Date.parse(a.published)));
  return {
    name: meta.name ?? path.basename(dir),
    dir,
    description: meta.description ?? '',
    now: meta.now ? new Date(meta.now) : new Date(newest + 3600_000),
    stream: meta.stream ?? false,
    readerLanguage: 'en',
    outlets: meta.outlets ?? {},
    articles,
    warnings,
  };
}

/**
 * What the schema cannot say. Errors stop the run: a duplicate id, an opinion or fact sentence that is not in
 * the article. Warnings do not (a set from elsewhere may cut sentences otherwise or lack translations), but
 * the sets of the repo have none: an opinion or fact sentence that is not a whole sentence as the splitter
 * cuts them, a translation with other paragraphs or sentences than the original (its sentences are then not
 * paired), a non-English article without a translation, an English one with one.
 */
export function checkArticles(articles: QualityArticle[]): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const ids = new Set<string>();
  for (const a of articles) {
    if (ids.has(a.id)) errors.push(`${a.id}: duplicate id`);
    ids.add(a.id);
    const sentences = new Set([a.title, ...splitSentences(a.text)]);
    const labelled = [
      ...a.opinionSentences.map((s) => ({ s, what: 'opinion sentence' })),
      ...Object.entries(a.facts ?? {}).flatMap(([fact, list]) => list.map((s) => ({ s, what: `fact ${fact}` }))),
    ];
    for (const { s, what } of labelled) {
      if (!a.text.includes(s) && a.title !== s) errors.push(`${a.id}: ${what} is not in the article: ${s}`);
      else if (!sentences.has(s)) warnings.push(`${a.id}: ${what} is not a whole sentence of the article: ${s}`);
    }
    for (const f of a.factFragments ?? [])
      if (!a.opinionSentences.some((s) => s.startsWith(f) && s.length > f.length))
        errors.push(`${a.id}: fact fragment does not begin an opinion sentence: ${f}`);
    if (a.language === 'en' && a.en) warnings.push(`${a.id}: an English article needs no translation`);
    if (a.language !== 'en' && !a.en) warnings.push(`${a.id}: no English translation (en)`);
    if (a.en) {
      const original = paragraphs(a.text).map((p) => splitSentences(p).length);
      const english = paragraphs(a.en.text).map((p) => splitSentences(p).length);
      if (original.join() !== english.join())
        warnings.push(`${a.id}: translation has sentences per paragraph ${english.join('/')}, original ${original.join('/')}`);
    }
  }
  return { errors, warnings };
}

export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** An article is pure opinion when every sentence of its text is labelled opinion or speculation. */
export function isPureOpinion(a: QualityArticle): boolean {
  const opinion = new Set(a.opinionSentences);
  return splitSentences(a.text).every((s) => opinion.has(s));
}

/**
 * The article's sentences paired with their English translation (themselves for an English article), paragraph
 * by paragraph; a paragraph whose translation has another number of sentences is left out.
 */
export function alignedSentences(a: QualityArticle): Array<{ original: string; english: string }> {
  const originals = paragraphs(a.text);
  const translations = a.en ? paragraphs(a.en.text) : originals;
  if (a.en && translations.length !== originals.length) return [];
  return originals.flatMap((p, i) => {
    const original = splitSentences(p);
    const english = splitSentences(translations[i]!);
    if (original.length !== english.length) return [];
    return original.map((s, k) => ({ original: s, english: english[k]! }));
  });
}

export function outletOf(set: QualitySet, sourceId: string): Outlet {
  return set.outlets[sourceId] ?? DEFAULT_OUTLET;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new QualitySetError(`${file}: ${(err as Error).message}`);
  }
}

function parseLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line);
  } catch (err) {
    throw new QualitySetError(`${where}: ${(err as Error).message}`);
  }
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.slice(0, 5).map((i) => `[${i.path.join('.')}] ${i.message}`);
  throw new QualitySetError(`${where}: ${lines.join('; ')}`);
}
