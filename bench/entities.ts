/**
 * Entities benchmark: recognition and fact extraction (server/src/engine/entities/) run on each article of the
 * real-news halves (bench/real-news/.set/test and .set/dev, built by bench/real-news/build-set.ts), scored against
 * bench/real-news/entity-labels.json (or ENTITY_LABELS=FILE): entity precision and recall for companies (with sites)
 * and for places, status transitions right, capacity and money attached to the right entity, languages covered.
 * Only labelled articles are scored. Decision 226.
 *
 *   npm run bench -- entities [--verbose] [--set dev]   (--verbose: each article's missed and extra entities, facts
 *   missed and what was extracted instead; --set: one half only, as tuning should read only dev)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { foldLetters } from '../server/src/engine/language/fold.js';
import { extractArticle, type ExtractedFact } from '../server/src/engine/entities/extract.js';
import { EntityIndex } from '../server/src/engine/entities/recognize.js';
import { readSeedEntities, seedEntities, shippedTowns } from '../server/src/engine/entities/seed.js';
import { splitSentences } from './quality/text.js';

interface LabelEntity {
  name: string;
  kind: 'company' | 'site' | 'place';
  level?: string;
  aliases?: string[];
}
type LabelFact =
  | { entity: string; type: 'capacity'; mw: number; stage: string; sha: string }
  | { entity: string; type: 'investment'; amount: number; currency: string; sha: string }
  | { entity: string; type: 'status'; status: string; sha: string }
  | { entity: string; type: 'event-date'; what: string; date: string; sha: string };
interface EntityLabels {
  entities: Record<string, LabelEntity>;
  articles: Record<string, { entities: string[]; about?: string[]; facts?: LabelFact[] }>;
}
interface SetArticle {
  id: string;
  language: string;
  published: string;
  title: string;
  text: string;
}

const ROOT = path.resolve(import.meta.dirname, 'real-news');
const HALVES = ['test', 'dev'] as const;

/** Counts of one figure: true positives, what was predicted, what was labelled. */
class Score {
  hit = 0;
  predicted = 0;
  labelled = 0;
  precision = () => (this.predicted ? this.hit / this.predicted : NaN);
  recall = () => (this.labelled ? this.hit / this.labelled : NaN);
}

const fixed = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(2));
const ratio = (hit: number, of: number) => `${hit} of ${of}${of ? ` (${Math.round((100 * hit) / of)}%)` : ''}`;

export async function benchEntities(
  options: { labels?: string; verbose?: boolean; set?: string[] } = {},
): Promise<Array<Record<string, string>>> {
  const labelFile = options.labels ?? process.env.ENTITY_LABELS ?? path.join(ROOT, 'entity-labels.json');
  if (!existsSync(labelFile)) return [{ half: '-', result: `no labels: ${labelFile} (ENTITY_LABELS=FILE to use another)` }];
  const labels = JSON.parse(readFileSync(labelFile, 'utf8')) as EntityLabels;
  const seeds = seedEntities();
  // As the ingest pass recognises: the seed list as entities, the shipped towns through their lookup.
  const index = new EntityIndex(readSeedEntities(), shippedTowns());
  const { toLabel, byName } = labelIdsOf(labels, seeds);
  const rows: Array<Record<string, string>> = [];
  for (const half of HALVES.filter((h) => !options.set?.length || options.set.includes(h))) {
    const file = path.join(ROOT, '.set', half, 'articles.jsonl');
    if (!existsSync(file)) {
      rows.push({ half, result: `no ${file}: run node --conditions=source --import tsx bench/real-news/build-set.ts` });
      continue;
    }
    const articles = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as SetArticle)
      .filter((a) => labels.articles[a.id]);
    const companies = new Score();
    const places = new Score();
    const about = new Score();
    const facts = { status: [0, 0], capacity: [0, 0, 0], money: [0, 0, 0], events: [0, 0] };
    const languages = new Set<string>();
    const allLanguages = new Set<string>();
    let ms = 0;
    for (const article of articles) {
      const label = labels.articles[article.id]!;
      allLanguages.add(article.language);
      const started = performance.now();
      const found = extractArticle(index, {
        title: article.title,
        sentences: splitSentences(article.text),
        language: article.language,
        publishedAt: new Date(article.published),
      });
      ms += performance.now() - started;
      // Names the seed list does not hold, found in the article (found.ts), meet a label by one of their names too.
      const foundLabel = new Map<string, string>();
      for (const f of found.found) {
        const id = [f.name, ...f.aliases].map(byName).find(Boolean);
        if (id) foundLabel.set(f.id, id);
      }
      const mapped = (id: string) => toLabel.get(id) ?? foundLabel.get(id) ?? `ours:${id}`;
      const kindOf = (id: string) => labels.entities[id]?.kind ?? seeds.find((s) => `ours:${s.id}` === id)?.kind ?? 'company';
      const predicted = new Set(found.entities.map(mapped));
      const gold = new Set(label.entities);
      for (const [score, isPlace] of [
        [companies, false],
        [places, true],
      ] as const) {
        const mine = [...predicted].filter((id) => (kindOf(id) === 'place') === isPlace);
        const theirs = [...gold].filter((id) => (kindOf(id) === 'place') === isPlace);
        score.predicted += mine.length;
        score.labelled += theirs.length;
        score.hit += mine.filter((id) => gold.has(id)).length;
        if (mine.some((id) => gold.has(id))) languages.add(article.language);
      }
      if (label.about) {
        const mine = new Set(found.about.map(mapped));
        about.predicted += mine.size;
        about.labelled += label.about.length;
        about.hit += label.about.filter((id) => mine.has(id)).length;
      }
      const missedFacts = (label.facts ?? []).filter((fact) => !judgeFact(fact, found.facts, mapped, facts));
      if (options.verbose) {
        const missed = [...gold].filter((id) => !predicted.has(id));
        const extra = [...predicted].filter((id) => !gold.has(id));
        if (missed.length || extra.length || missedFacts.length)
          console.log(
            `${half} ${article.id} [${article.language}]${missed.length ? ` missed ${missed.join(', ')}` : ''}${extra.length ? ` extra ${extra.join(', ')}` : ''}` +
              missedFacts
                .map((f) => {
                  const instead = found.facts
                    .filter((x) => x.type === f.type && x.sentence === sentenceOf(article, f.sha))
                    .map((x) => `${mapped(x.entity)}:${factValue(x)}`);
                  return `\n    fact missed: ${JSON.stringify({ ...f, sha: undefined })}${instead.length ? ` (found there: ${instead.join(', ')})` : ''}`;
                })
                .join(''),
          );
      }
    }
    rows.push({
      half,
      articles: String(articles.length),
      'companies P / R': `${fixed(companies.precision())} / ${fixed(companies.recall())}`,
      'places P / R': `${fixed(places.precision())} / ${fixed(places.recall())}`,
      'about P / R': `${fixed(about.precision())} / ${fixed(about.recall())}`,
      'status right': ratio(facts.status[0]!, facts.status[1]!),
      'capacity found, right entity': `${ratio(facts.capacity[1]!, facts.capacity[2]!)}, ${ratio(facts.capacity[0]!, facts.capacity[1]!)}`,
      'money found, right entity': `${ratio(facts.money[1]!, facts.money[2]!)}, ${ratio(facts.money[0]!, facts.money[1]!)}`,
      'event dates right': ratio(facts.events[0]!, facts.events[1]!),
      languages: `${languages.size} of ${allLanguages.size}`,
      'ms/article': (ms / Math.max(1, articles.length)).toFixed(1),
    });
  }
  return rows;
}

/** The trimmed title or sentence of the article whose label hash is `sha` (the labels' own hash), or ''. */
function sentenceOf(article: SetArticle, sha: string): string {
  const short = (text: string) => createHash('sha256').update(text.trim()).digest('hex').slice(0, 16);
  return [article.title, ...splitSentences(article.text)].find((text) => short(text) === sha)?.trim() ?? '';
}

/** A fact's value, short, for the verbose listing. */
function factValue(f: ExtractedFact): string {
  if (f.type === 'capacity') return `${f.mw} MW ${f.stage}`;
  if (f.type === 'investment') return `${f.amount} ${f.currency}`;
  if (f.type === 'status') return f.status;
  return `${f.what} ${f.date}`;
}

/** A labelled fact against what was extracted: right when the same value is attached to the labelled entity. */
function judgeFact(
  fact: LabelFact,
  found: ExtractedFact[],
  mapped: (id: string) => string,
  counts: { status: number[]; capacity: number[]; money: number[]; events: number[] },
): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.02 * Math.max(Math.abs(a), Math.abs(b));
  const right = (f: ExtractedFact) => mapped(f.entity) === fact.entity;
  if (fact.type === 'status') {
    counts.status[1]!++;
    const ok = found.some((f) => f.type === 'status' && f.status === fact.status && right(f));
    if (ok) counts.status[0]!++;
    return ok;
  }
  if (fact.type === 'event-date') {
    counts.events[1]!++;
    const ok = found.some((f) => f.type === 'event-date' && f.date === fact.date && right(f));
    if (ok) counts.events[0]!++;
    return ok;
  }
  {
    const [key, same] =
      fact.type === 'capacity'
        ? (['capacity', (f: ExtractedFact) => f.type === 'capacity' && near(f.mw, fact.mw)] as const)
        : ([
            'money',
            (f: ExtractedFact) => f.type === 'investment' && f.currency === fact.currency.toUpperCase() && near(f.amount, fact.amount),
          ] as const);
    const counted = counts[key];
    counted[2]!++;
    const withValue = found.filter(same);
    if (withValue.length) counted[1]!++;
    const ok = withValue.some(right);
    if (ok) counted[0]!++;
    return ok;
  }
}

/** Our ids to the labels' ids: by one of the label's names or aliases folded as recognition folds them, or by id. */
function labelIdsOf(
  labels: EntityLabels,
  seeds: ReturnType<typeof seedEntities>,
): { toLabel: Map<string, string>; byName: (name: string) => string | undefined } {
  const byName = new Map<string, string>();
  const fold = (name: string) =>
    foldLetters(name)
      .replace(/[\s.\-'’]+/g, ' ')
      .trim();
  const byLevel = new Map<string, string>();
  for (const [id, entity] of Object.entries(labels.entities))
    for (const name of [entity.name, ...(entity.aliases ?? [])]) {
      if (!byName.has(fold(name))) byName.set(fold(name), id);
      if (entity.kind === 'place' && !byLevel.has(`${entity.level}:${fold(name)}`)) byLevel.set(`${entity.level}:${fold(name)}`, id);
    }
  const out = new Map<string, string>();
  // A label of the same id is the same entity unless it is a place of another level and a label of the seed's level
  // has its name ("zaragoza" is labelled as the province, "zaragoza-city" as the city the seed list holds).
  for (const seed of seeds) {
    const label = labels.entities[seed.id];
    const other = label?.kind === 'place' && seed.kind === 'place' && label.level !== seed.level;
    const levelled = other ? [seed.name, ...seed.aliases].map((n) => byLevel.get(`${seed.level}:${fold(n)}`)).find(Boolean) : undefined;
    if (label && !levelled) {
      out.set(seed.id, seed.id);
      continue;
    }
    if (levelled) {
      out.set(seed.id, levelled);
      continue;
    }
    for (const name of [seed.name, ...seed.aliases]) {
      const id = byName.get(fold(name));
      if (id) {
        out.set(seed.id, id);
        break;
      }
    }
  }
  return { toLabel: out, byName: (name) => byName.get(fold(name)) };
}
