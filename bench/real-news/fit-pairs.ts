/**
 * Fits the pair model of clustering (server/src/engine/cluster/pair-model.json, docs/decisions/222) on the dev
 * half of the real-news set and the repo's own quality sets, never on the test half:
 *
 *   node --conditions=source --import tsx bench/real-news/build-set.ts   (once: the git-ignored text)
 *   npm run bench:fit-pairs                                               (writes pair-model.json)
 *   npm run bench:fit-pairs -- --dry                                      (prints, writes nothing)
 *   npm run bench:fit-pairs -- --out FILE                                 (writes FILE; pair-report.ts --model FILE replays it)
 *
 * Each set is replayed in publication order, as the engine meets the news: every article is compared with the
 * articles of the 7 days before it (StoryIndex.pairFeatures, the features clustering computes), those already
 * filed under their labelled event, so the index's counts of how many stories carry a name or a word are those
 * of a pass that clustered right. The pairs' labels (same event or not) fit a logistic regression (L2,
 * standardised features, gradient descent: 30 lines, see the decision); the threshold is the one of best pair F1.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { articleKeys } from '../../server/src/engine/intake/article-keys.js';
import { placeFinder } from '../../server/src/engine/entities/place-anchors.js';
import { type ClusterArticle, placeArticle, StoryIndex } from '../../server/src/engine/cluster/cluster.js';
import { PAIR_FEATURES, PAIR_MODEL_FILE, type PairModel, pairProbability } from '../../server/src/engine/cluster/pair-score.js';
import { fieldLexicon } from '../../server/src/engine/lexicon/lexicon.js';
import { contentHash } from '../../server/src/engine/normalize/normalize.js';
import { generatedArticle } from '../engine.js';
import { loadLabelled } from '../../server/test/fixtures/clustering/evaluate.js';
import { findSets, loadSet } from '../quality/set.js';
import { QUALITY_SETS } from '../quality.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WINDOW_MS = 7 * 86_400_000;
/**
 * The real-news dev half's share of the fit's weight; the repo's own sets weigh the rest, by their pairs. They hold the cases the rules were written for (one company's two sites on one day,
 * in Japanese and Korean), which the model must keep apart; the real half, the look-alikes real outlets write.
 */
const REAL_SHARE = Number(process.env.FIT_REAL_SHARE ?? 0.1);
const L2 = Number(process.env.FIT_L2 ?? 0.01);

interface Pair {
  /** The two articles' ids (the later first). */
  ids: [string, string];
  x: Float64Array;
  y: 0 | 1;
  cross: boolean;
  set: string;
}

interface Prepared {
  name: string;
  articles: Array<{ article: ClusterArticle; event: string; language: string; hash: string }>;
}

export function prepare(dir: string): Prepared[] {
  const set = loadSet(dir);
  const labelled = set.articles.map((a) => ({ ...a, source: a.source.id, publishedAt: a.published }));
  const out = [prepared(set.name, labelled, true)];
  // A set with English translations is also met as with a translator configured (the bench's stand-in column).
  if (set.articles.some((a) => a.en)) out.push(prepared(`${set.name}+translated`, labelled, true));
  return out;
}

/**
 * One set of a folder as the debugging tools replay it: as stored, or (`translated`) with its non-English
 * articles read through their English translations, as the engine does with a translator.
 */
export function preparedOf(dir: string, translated: boolean): Prepared {
  const sets = prepare(dir);
  const set = translated ? sets.find((s) => s.name.endsWith('+translated')) : sets[0];
  if (!set) throw new Error(`${dir}: no translations (its articles have no "en")`);
  return set;
}

/** Articles of the engine benchmark's generator (bench/engine.ts): 12 sources x 40, their events known. */
export function prepareGenerated(): Prepared {
  const labelled = [];
  for (let source = 0; source < 12; source++) {
    for (let i = 0; i < 40; i++) {
      const a = generatedArticle(source, i);
      const text = a.sentences.join('\n\n');
      labelled.push({
        id: `g${source}-${i}`,
        source: `g${source}`,
        language: 'en',
        publishedAt: a.published.toISOString(),
        title: a.title,
        text,
        event: a.event,
      });
    }
  }
  return prepared('engine-bench-generated', labelled, true);
}

/**
 * The clustering fixture (server/test/fixtures/clustering/multilingual.json), as its tests read it: keys
 * without the lexicon's concepts. Its held-out companion stays out of the fit.
 */
export function prepareClusteringFixture(): Prepared {
  return prepared('clustering-multilingual', loadLabelled('multilingual.json'), false);
}

function prepared(
  name: string,
  labelled: Array<{
    id: string;
    source: string;
    language: string;
    publishedAt: string;
    title: string;
    text: string;
    event: string;
    en?: { title: string; text: string };
  }>,
  withConcepts: boolean,
): Prepared {
  const translated = name.endsWith('+translated');
  const concepts = (text: string, language: string) => [...fieldLexicon().conceptIds(text, language)];
  const articles = labelled
    .map((a) => {
      const publishedAt = new Date(a.publishedAt);
      const en = translated && a.language !== 'en' ? a.en : undefined;
      const text = {
        title: a.title,
        text: a.text,
        language: a.language,
        publishedAt,
        translatedTitle: en?.title ?? null,
        translatedText: en?.text ?? null,
        translatedLanguage: en ? 'en' : null,
      };
      const keys = articleKeys(text, withConcepts ? { concepts, places: placeFinder() } : { places: placeFinder() });
      const article: ClusterArticle = { id: a.id, sourceId: a.source, publishedAt, language: a.language, ...keys };
      return { article, event: a.event, language: a.language, hash: contentHash(a.title, a.text) };
    })
    // The engine's order (story-clustering.ts): publication time, then the text's hash.
    .sort((a, b) => a.article.publishedAt.getTime() - b.article.publishedAt.getTime() || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  return { name, articles };
}

export function pairsOf({ name, articles }: Prepared, model: PairModel): Pair[] {
  const pairs: Pair[] = [];
  articles.forEach((a, i) => {
    const t = a.article.publishedAt.getTime();
    const before = articles.slice(0, i).filter((m) => t - m.article.publishedAt.getTime() <= WINDOW_MS);
    if (!before.length) return;
    const index = new StoryIndex(model);
    for (const m of before) index.add(m.event, m.article);
    for (const m of before)
      pairs.push({
        ids: [a.article.id, m.article.id],
        x: index.pairFeatures(a.article, m.article.id),
        y: a.event === m.event ? 1 : 0,
        cross: a.language !== m.language,
        set: name,
      });
  });
  return pairs;
}

export function fit(pairs: Pair[]): Omit<PairModel, 'threshold' | 'storyThreshold' | 'fitted'> {
  const k = PAIR_FEATURES.length;
  const mean = new Array<number>(k).fill(0);
  const scale = new Array<number>(k).fill(0);
  for (const p of pairs) for (let j = 0; j < k; j++) mean[j]! += p.x[j]! / pairs.length;
  for (const p of pairs) for (let j = 0; j < k; j++) scale[j]! += (p.x[j]! - mean[j]!) ** 2 / pairs.length;
  for (let j = 0; j < k; j++) scale[j] = Math.sqrt(scale[j]!) || 1;
  // The real-news dev half weighs REAL_SHARE of the fit, our own sets together the rest, each pair of them alike:
  // the real half has a few hundred pairs within a week of each other, our sets (the generated articles most)
  // tens of thousands. Within each part, positives are rare: they count as much as all its negatives.
  const parts = { real: { n: 0, positives: 0 }, own: { n: 0, positives: 0 } };
  const partOf = (p: Pair) => (p.set.startsWith('real-news') ? parts.real : parts.own);
  for (const p of pairs) {
    partOf(p).n++;
    partOf(p).positives += p.y;
  }
  const share = (part: { n: number }) => (!parts.real.n || !parts.own.n ? 1 : part === parts.real ? REAL_SHARE : 1 - REAL_SHARE);
  const weightOf = (p: Pair) => {
    const part = partOf(p);
    return (pairs.length * share(part)) / (2 * Math.max(1, p.y ? part.positives : part.n - part.positives));
  };
  const weightsOf = pairs.map(weightOf);
  // Newton's method (iteratively reweighted least squares) on [bias, weights], standardised features, L2 on weights.
  const n = k + 1;
  let beta = new Array<number>(n).fill(0);
  const row = (p: Pair) => [1, ...Array.from({ length: k }, (_, j) => (p.x[j]! - mean[j]!) / scale[j]!)];
  const rows = pairs.map(row);
  for (let iteration = 0; iteration < 50; iteration++) {
    const grad = new Array<number>(n).fill(0);
    const hess = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    rows.forEach((r, i) => {
      const z = r.reduce((sum, v, j) => sum + v * beta[j]!, 0);
      const q = 1 / (1 + Math.exp(-z));
      const w = weightsOf[i]!;
      for (let a = 0; a < n; a++) {
        grad[a]! += w * (q - pairs[i]!.y) * r[a]!;
        for (let b = 0; b < n; b++) hess[a]![b]! += w * q * (1 - q) * r[a]! * r[b]!;
      }
    });
    for (let a = 1; a < n; a++) {
      grad[a]! += L2 * pairs.length * beta[a]!;
      hess[a]![a]! += L2 * pairs.length;
    }
    const step = solve(hess, grad);
    beta = beta.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-6) break;
  }
  const bias = beta[0]!;
  const weights = beta.slice(1);
  return { features: PAIR_FEATURES, mean, scale, weights, bias };
}

/**
 * The stories the engine would make of a set with this model: articles placed in publication order, each
 * against the stories of the 7 days before it (placeArticle, as a pass does), stories started within the hour
 * still mergeable (a pass an hour). Returns the pair F1 of the result against the labelled events.
 */
export function assign(set: Prepared, model: PairModel): { f1: number; precision: number; recall: number } {
  const { articles } = set;
  const storyOf = storiesOf(set, model);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < articles.length; i++) {
    for (let j = i + 1; j < articles.length; j++) {
      const same = storyOf.get(articles[i]!.article.id) === storyOf.get(articles[j]!.article.id);
      const gold = articles[i]!.event === articles[j]!.event;
      if (same && gold) tp++;
      else if (same) fp++;
      else if (gold) fn++;
    }
  }
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  return { f1: (2 * precision * recall) / Math.max(1e-9, precision + recall), precision, recall };
}

/** The story of each article when the engine places the set with this model (see assign). */
export function storiesOf(
  { articles }: Prepared,
  model: PairModel,
  /** Called before each article is placed, with the index of what came before it (split-debug.ts reads it). */
  observe?: (article: Prepared['articles'][number], index: StoryIndex, storyOf: ReadonlyMap<string, string>) => void,
): Map<string, string> {
  const storyOf = new Map<string, string>();
  const started = new Map<string, number>();
  let next = 0;
  for (const [i, a] of articles.entries()) {
    const t = a.article.publishedAt.getTime();
    const index = new StoryIndex(model);
    for (const m of articles.slice(0, i))
      if (t - m.article.publishedAt.getTime() <= WINDOW_MS) index.add(storyOf.get(m.article.id)!, m.article);
    observe?.(a, index, storyOf);
    const placed = placeArticle(
      index,
      a.article,
      () => `s${next++}`,
      (id) => (started.get(id) ?? 0) >= t - 3600_000,
    );
    if (placed.started) started.set(placed.storyId, t);
    for (const merged of placed.merged) for (const [id, s] of storyOf) if (s === merged) storyOf.set(id, placed.storyId);
    storyOf.set(a.article.id, placed.storyId);
  }
  return storyOf;
}

/** Solves A x = b (Gaussian elimination with partial pivoting; A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((r, i) => [...r, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= n; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let j = r + 1; j < n; j++) sum -= m[r]![j]! * x[j]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
}

const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dry = process.argv.includes('--dry');
  const dirs = [path.join(here, '.set/dev'), ...findSets(QUALITY_SETS)];
  const sets = [...dirs.flatMap((dir) => prepare(dir)), prepareClusteringFixture(), prepareGenerated()];
  const blank: PairModel = { features: PAIR_FEATURES, mean: [], scale: [], weights: [], bias: 0, threshold: 0.5, storyThreshold: 0 };
  const pairs = sets.flatMap((set) => pairsOf(set, blank));
  const fitted = fit(pairs);
  const real = sets.filter((s) => s.name.startsWith('real-news'));
  const own = sets.filter((s) => !s.name.startsWith('real-news'));
  // The two thresholds of the online assignment: the best pair F1 of the stories made of the real dev half,
  // among those that keep the repo's own sets where they were (each above its floor, when any setting does).
  // Floors: our quality sets as the engine meets them (no translator) where they were, 1.00; the clustering
  // fixture 0.95 (its tests ask 0.90); the same sets with a translator and the generated articles (their events
  // are made alike on purpose) 0.90.
  const floorOf = (name: string) =>
    name.endsWith('+translated') || name === 'engine-bench-generated' ? 0.9 : name.startsWith('clustering') ? 0.95 : 0.999;
  let best: { threshold: number; storyThreshold: number; score: number; ownOk: boolean; ownWorst: number } | null = null;
  // `--at 0.93,0.9` sets the two thresholds instead of searching them.
  const at = process.argv.includes('--at') ? process.argv[process.argv.indexOf('--at') + 1]!.split(',').map(Number) : null;
  for (const threshold of at ? [at[0]!] : [0.8, 0.85, 0.9, 0.93, 0.955, 0.97, 0.98, 0.99, 0.995]) {
    for (const storyThreshold of at ? [at[1]!] : [0.5, 0.7, 0.9]) {
      const model: PairModel = { ...fitted, threshold, storyThreshold };
      const score = real.reduce((n, s) => n + assign(s, model).f1, 0) / real.length;
      // Each own set's margin over its floor (floorOf); the clustering fixture's look-alikes must all stay apart.
      const ownWorst = Math.min(
        ...own.map((s) => {
          const r = assign(s, model);
          return s.name.startsWith('clustering') && r.precision < 1 ? -1 : r.f1 - floorOf(s.name);
        }),
      );
      const ownOk = ownWorst >= 0;
      if (process.argv.includes('--grid'))
        console.log(
          round(threshold, 3),
          round(storyThreshold, 2),
          round(score, 3),
          own.map((s) => round(assign(s, model).f1, 3)).join(' '),
        );
      // Without a setting that keeps them all, the one whose worst own set is best.
      const better =
        !best ||
        (ownOk
          ? !best.ownOk || score > best.score
          : !best.ownOk && (ownWorst > best.ownWorst || (ownWorst === best.ownWorst && score > best.score)));
      if (better) best = { threshold: round(threshold, 2), storyThreshold: round(storyThreshold, 2), score, ownOk, ownWorst };
    }
  }
  const model: PairModel = {
    ...fitted,
    mean: fitted.mean.map((v) => round(v)),
    scale: fitted.scale.map((v) => round(v)),
    weights: fitted.weights.map((v) => round(v)),
    bias: round(fitted.bias),
    threshold: best!.threshold,
    storyThreshold: best!.storyThreshold,
    fitted: {
      on: [
        ...dirs.map((d) => path.relative(path.join(here, '../..'), d)),
        'server/test/fixtures/clustering/multilingual.json',
        'bench/engine.ts (12 x 40 generated)',
      ],
      pairs: pairs.length,
      sameEvent: pairs.filter((p) => p.y).length,
    },
  };
  for (const [j, name] of PAIR_FEATURES.entries()) console.log(`${name.padEnd(16)} ${model.weights[j]!.toFixed(3)}`);
  console.log(`bias ${model.bias}, threshold ${model.threshold}, story threshold ${model.storyThreshold}`, model.fitted);
  for (const set of sets) {
    const r = assign(set, model);
    console.log(`${set.name}: stories' pair F1 ${r.f1.toFixed(3)} (P ${r.precision.toFixed(3)} R ${r.recall.toFixed(3)})`);
  }
  const out = process.argv.indexOf('--out');
  if (!dry) writeFileSync(out >= 0 ? process.argv[out + 1]! : PAIR_MODEL_FILE, `${JSON.stringify(model, null, 1)}\n`);
}
