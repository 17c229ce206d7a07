/**
 * Fits the interest model (server/src/engine/classify/interest-model.json, docs/decisions/224) on the dev half of
 * the real-news set and the repo's own tuning set (`core`), never on the test half nor on `held-out`:
 *
 *   node --conditions=source --import tsx bench/real-news/build-set.ts   (once: the git-ignored text)
 *   npm run bench:fit-interests                                           (writes interest-model.json)
 *   npm run bench:fit-interests -- --dry                                  (prints, writes nothing)
 *   npm run bench:fit-interests -- --verbose                              (also the cross-validation's misses)
 *
 * Each labelled article is read as the engine reads a story (`findingsOf`: the lexicon's concepts in its title,
 * its lead and the rest of its text), and so is each labelled event of several articles (its articles as one
 * story, joined as summarize/story-summary.ts joins them) and each article the set translates (its English title
 * and lead, as a pass with a translator reads it). A softmax regression over the six interests learns, per
 * concept and place, the points of each interest, every one at 0 or more, L2 pulling it towards the lexicon's
 * points times a factor per place (fitted too): a concept the labels rarely show keeps about the lexicon's say,
 * and one they never show is left at it. The loss is that of the benchmark's metric: minus the log-probability of
 * the acceptable interests (the labels list them, the best first), plus some of the best's. The strength of the
 * pull is chosen by a 5-fold cross-validation over the dev half's look-alike groups (`core` always in the fit).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTERESTS, type Interest } from '@dcbrief/shared';
import {
  classify,
  findingsOf,
  type Finding,
  INTEREST_MODEL_FILE,
  type InterestModel,
  PLACES,
  type Place,
} from '../../server/src/engine/classify/interests.js';
import { fieldLexicon } from '../../server/src/engine/lexicon/lexicon.js';
import { tidy } from '../../server/src/engine/fetch/text.js';
import { leadSentences } from '../../server/src/engine/translate/article-translation.js';
import { loadSet, type QualityArticle, type QualitySet } from '../quality/set.js';
import { QUALITY_SETS } from '../quality.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '../..');
const K = INTERESTS.length;
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
/** How much the best interest of the labels counts beside "any acceptable one" in the loss. */
const BEST = option('best', 0.3);
/** How much an example of the repo's own set counts beside one of the real dev half. */
const OWN_WEIGHT = option('own', 0.5);
/** How much a labelled event read as one story counts beside one article. */
const EVENT_WEIGHT = option('event', 0.5);
/** How much an article's translated title and lead count beside the article. */
const TRANSLATED_WEIGHT = option('translated', 0.5);
const PULLS = [0.3, 1, 3, 10];

interface Example {
  set: string;
  /** The article's or the event's id; `group` is the event (folds keep an event whole). */
  id: string;
  group: string;
  weight: number;
  findings: Finding[];
  categories: Interest[];
  accept: number[];
}

/** Article text as the engine stores it (fetch/text.ts: paragraphs on lines of their own). */
const stored = (text: string) => tidy(text);

function examplesOf(set: QualitySet, weight: number): Example[] {
  const categories = (a: QualityArticle) => (set.outlets[a.source.id] ?? { categories: ['infrastructure' as Interest] }).categories;
  const accept = (a: QualityArticle) => a.interests.map((i) => INTERESTS.indexOf(i));
  const out: Example[] = [];
  for (const a of set.articles)
    out.push({
      set: set.name,
      id: a.id,
      group: a.event,
      weight,
      findings: findingsOf({ title: a.title, text: stored(a.text), languages: [a.language] }),
      categories: categories(a),
      accept: accept(a),
    });
  // An article the set translates is also read as a pass with a translator reads it: the English title and lead
  // (an article's translation is its title and first sentences: translate/article-translation.ts).
  for (const a of set.articles) {
    if (!a.en) continue;
    out.push({
      set: set.name,
      id: `translated ${a.id}`,
      group: a.event,
      weight: weight * TRANSLATED_WEIGHT,
      findings: findingsOf({ title: a.en.title, text: leadSentences(stored(a.en.text), 'en').join(' '), languages: ['en'] }),
      categories: categories(a),
      accept: accept(a),
    });
  }
  const events = new Map<string, QualityArticle[]>();
  for (const a of set.articles) events.set(a.event, [...(events.get(a.event) ?? []), a]);
  for (const [event, articles] of events) {
    if (articles.length < 2) continue;
    // As summarize/story-summary.ts orders them: the reader's language first, then the earliest.
    const ordered = [...articles].sort(
      (a, b) => Number(b.language === 'en') - Number(a.language === 'en') || Date.parse(a.published) - Date.parse(b.published),
    );
    out.push({
      set: set.name,
      id: `event ${event}`,
      group: event,
      weight: weight * EVENT_WEIGHT,
      findings: findingsOf({
        title: ordered[0]!.title,
        text: ordered
          .map((a) => stored(a.text))
          .join('\n')
          .slice(0, 8000),
        languages: [...new Set(articles.map((a) => a.language))],
      }),
      categories: [...new Set(articles.flatMap(categories))],
      accept: accept(ordered[0]!),
    });
  }
  return out;
}

/**
 * The parameters, all at least 0: a base per interest; per place, a factor on the lexicon's points; per feature
 * (`${concept}\0${place}` or `source\0${category}`), the points of each interest.
 */
interface Params {
  base: Float64Array;
  factor: Float64Array;
  weights: Map<string, Float64Array>;
}

const lexicon = fieldLexicon();
const prior = new Map<string, Float64Array>();
for (const [id, c] of lexicon.concepts) {
  const p = new Float64Array(K);
  for (const [i, v] of Object.entries(c.interests)) p[INTERESTS.indexOf(i as Interest)] = v;
  prior.set(id, p);
}

interface Feature {
  key: string;
  place: number;
  prior: Float64Array | null;
}

function featuresOf(e: Example): Feature[] {
  const features: Feature[] = e.findings.map((f) => ({
    key: `${f.concept}\0${f.where}`,
    place: PLACES.indexOf(f.where),
    prior: prior.get(f.concept)!,
  }));
  for (const c of new Set(e.categories)) features.push({ key: `source\0${c}`, place: -1, prior: null });
  return features;
}

/** A feature's points: fitted, or (a concept the fit never saw) the lexicon's points times the place's factor. */
function pointsOf(p: Params, f: Feature): ArrayLike<number> {
  return p.weights.get(f.key) ?? (f.prior ? f.prior.map((x) => x * p.factor[f.place]!) : new Float64Array(K));
}

function logits(p: Params, features: Feature[]): Float64Array {
  const z = Float64Array.from(p.base);
  for (const f of features) {
    const w = pointsOf(p, f);
    for (let k = 0; k < K; k++) z[k]! += w[k]!;
  }
  return z;
}

function softmax(z: Float64Array): Float64Array {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

/**
 * Fits by Adam on the full batch, every parameter kept at 0 or more: loss = -log P(acceptable) - BEST log P(best),
 * plus pull * (w - factor * lexicon points)^2 per weight (a source category's pulled to 0). A softmax is the same
 * when one number is added to every interest's points of a feature: kept at 0 or more, most points a concept has
 * no reason to give stay at 0, and a reason names only the interests it speaks for.
 */
function fit(examples: Example[], pull: number, iterations = 800): Params {
  const feats = examples.map(featuresOf);
  const p: Params = { base: new Float64Array(K), factor: new Float64Array(PLACES.length).fill(0.5), weights: new Map() };
  const priorOf = new Map<string, Feature>();
  for (const fs of feats)
    for (const f of fs)
      if (!p.weights.has(f.key)) {
        priorOf.set(f.key, f);
        p.weights.set(f.key, f.prior ? f.prior.map((x) => x * 0.5) : new Float64Array(K));
      }
  const keys = [...p.weights.keys()];
  // One flat vector of moments for Adam: base, factors, weights.
  const n = K + PLACES.length + keys.length * K;
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const total = examples.reduce((s, e) => s + e.weight, 0);
  const rate = 0.05;
  for (let t = 1; t <= iterations; t++) {
    const gBase = new Float64Array(K);
    const gFactor = new Float64Array(PLACES.length);
    const gWeights = new Map<string, Float64Array>(keys.map((k) => [k, new Float64Array(K)]));
    examples.forEach((e, i) => {
      const q = softmax(logits(p, feats[i]!));
      const accepted = e.accept.reduce((s, k) => s + q[k]!, 0);
      // d/dz of -log sum_A q is q - q 1[A] / P(A); of -log q_best, q - 1[best].
      const g = new Float64Array(K);
      for (let k = 0; k < K; k++) {
        const inA = e.accept.includes(k) ? q[k]! / accepted : 0;
        g[k] = (q[k]! - inA + BEST * (q[k]! - (k === e.accept[0] ? 1 : 0))) * (e.weight / total);
      }
      for (let k = 0; k < K; k++) gBase[k]! += g[k]!;
      for (const f of feats[i]!) {
        const d = gWeights.get(f.key)!;
        for (let k = 0; k < K; k++) d[k]! += g[k]!;
      }
    });
    for (const [key, d] of gWeights) {
      const w = p.weights.get(key)!;
      const f = priorOf.get(key)!;
      for (let k = 0; k < K; k++) {
        const target = f.prior ? p.factor[f.place]! * f.prior[k]! : 0;
        d[k]! += (2 * pull * (w[k]! - target)) / total;
        if (f.prior) gFactor[f.place]! -= (2 * pull * (w[k]! - target) * f.prior[k]!) / total;
      }
    }
    const step = (j: number, grad: number) => {
      m[j] = 0.9 * m[j]! + 0.1 * grad;
      v[j] = 0.999 * v[j]! + 0.001 * grad * grad;
      return (rate * (m[j]! / (1 - 0.9 ** t))) / (Math.sqrt(v[j]! / (1 - 0.999 ** t)) + 1e-8);
    };
    for (let k = 0; k < K; k++) p.base[k] = Math.max(0, p.base[k]! - step(k, gBase[k]!));
    for (let j = 0; j < PLACES.length; j++) p.factor[j] = Math.max(0, p.factor[j]! - step(K + j, gFactor[j]!));
    keys.forEach((key, j) => {
      const w = p.weights.get(key)!;
      const d = gWeights.get(key)!;
      for (let k = 0; k < K; k++) w[k] = Math.max(0, w[k]! - step(K + PLACES.length + j * K + k, d[k]!));
    });
  }
  return p;
}

const round = (x: number) => Math.round(x * 100) / 100;

/** The fitted parameters as the engine's model: every concept of the lexicon in every place, the points of 0.01 or more. */
function toModel(p: Params, fitted: Record<string, unknown>): InterestModel {
  const points = (w: ArrayLike<number>) => {
    const out: Partial<Record<Interest, number>> = {};
    INTERESTS.forEach((interest, k) => {
      if (round(w[k]!) > 0) out[interest] = round(w[k]!);
    });
    return out;
  };
  const concepts: InterestModel['concepts'] = {};
  for (const [id, pri] of prior) {
    const places: Partial<Record<Place, Partial<Record<Interest, number>>>> = {};
    PLACES.forEach((place, j) => {
      const w = points(pointsOf(p, { key: `${id}\0${place}`, place: j, prior: pri }));
      if (Object.keys(w).length) places[place] = w;
    });
    concepts[id] = places;
  }
  const sources: InterestModel['sources'] = {};
  for (const c of INTERESTS) {
    const w = points(p.weights.get(`source\0${c}`) ?? []);
    if (Object.keys(w).length) sources[c] = w;
  }
  return {
    base: { ...Object.fromEntries(INTERESTS.map((i) => [i, 0])), ...points(p.base) } as Record<Interest, number>,
    fallback: Object.fromEntries(PLACES.map((place, j) => [place, round(p.factor[j]!)])) as Record<Place, number>,
    concepts,
    sources,
    fitted,
  };
}

interface Scored {
  n: number;
  correct: number;
  accuracy: number;
  macroF1: number;
}

/** Accuracy and macro-F1 as bench/quality/metrics.ts counts them (an acceptable interest is right). */
function score(items: Array<{ predicted: number; accept: number[]; weight?: number }>): Scored {
  const tp = new Array<number>(K).fill(0);
  const fp = new Array<number>(K).fill(0);
  const fn = new Array<number>(K).fill(0);
  let correct = 0;
  for (const { predicted, accept } of items) {
    if (accept.includes(predicted)) {
      correct++;
      tp[predicted]!++;
    } else {
      fp[predicted]!++;
      fn[accept[0]!]!++;
    }
  }
  const f1s: number[] = [];
  for (let k = 0; k < K; k++) if (tp[k]! + fp[k]! + fn[k]! > 0) f1s.push((2 * tp[k]!) / (2 * tp[k]! + fp[k]! + fn[k]!));
  return { n: items.length, correct, accuracy: correct / items.length, macroF1: f1s.reduce((a, b) => a + b, 0) / f1s.length };
}

const argmax = (z: ArrayLike<number>) => Array.from(z).reduce((b, v, k, a) => (v > a[b]! ? k : b), 0);

/** How a model does on examples, read by the engine's own classify with that model (articles only, or events only). */
function evaluate(model: InterestModel, sets: QualitySet[], examples: Example[]): Record<string, Scored> {
  const out: Record<string, Scored> = {};
  const byId = new Map(examples.map((e) => [`${e.set}\0${e.id}`, e]));
  for (const set of sets) {
    const items = set.articles.map((a) => {
      const c = classify(
        { title: a.title, text: stored(a.text), sourceCategories: byId.get(`${set.name}\0${a.id}`)!.categories, languages: [a.language] },
        lexicon,
        model,
      );
      return { predicted: INTERESTS.indexOf(c.interest), accept: a.interests.map((i) => INTERESTS.indexOf(i)) };
    });
    out[set.name] = score(items);
  }
  return out;
}

/**
 * The look-alike groups of labels.json (events linked by `lookalikes` or `followUpOf`, as the halves keep them):
 * event -> the group's first event. A fold of the cross-validation leaves a whole group out, so that Microsoft's
 * pledge in one country is not predicted by a fit that saw its pledge in the next.
 */
function lookalikeGroups(): Map<string, string> {
  const labels = JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')) as {
    events: Array<{ id: string; lookalikes?: string[]; followUpOf?: string | string[] }>;
  };
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const r = find(p);
    parent.set(x, r);
    return r;
  };
  for (const e of labels.events)
    for (const other of [...(e.lookalikes ?? []), ...[e.followUpOf ?? []].flat()]) {
      const [a, b] = [find(e.id), find(other)].sort();
      if (a !== b) parent.set(b!, a!);
    }
  return new Map(labels.events.map((e) => [e.id, find(e.id)]));
}

/** Cross-validated accuracy on the dev half: 5 folds of its look-alike groups, each predicted by a fit without it. */
function crossValidate(examples: Example[], dev: string, pull: number): Scored & { misses: string[] } {
  const groupOf = lookalikeGroups();
  const group = (event: string) => groupOf.get(event) ?? event;
  const groups = [...new Set(examples.filter((e) => e.set === dev).map((e) => group(e.group)))].sort();
  const fold = (g: string) => groups.indexOf(group(g)) % 5;
  const items: Array<{ predicted: number; accept: number[] }> = [];
  const misses: string[] = [];
  for (let f = 0; f < 5; f++) {
    const train = examples.filter((e) => e.set !== dev || fold(e.group) !== f);
    const p = fit(train, pull);
    for (const e of examples)
      if (e.set === dev && fold(e.group) === f && !/^(event|translated) /.test(e.id)) {
        const predicted = argmax(logits(p, featuresOf(e)));
        items.push({ predicted, accept: e.accept });
        if (!e.accept.includes(predicted))
          misses.push(`${e.id}: ${INTERESTS[predicted]}, acceptable ${e.accept.map((k) => INTERESTS[k]).join(', ')}`);
      }
  }
  return { ...score(items), misses };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dry = args.includes('--dry');
  const devDir = path.join(here, '.set/dev');
  const coreDir = path.join(QUALITY_SETS, 'core');
  const dev = loadSet(devDir);
  const core = loadSet(coreDir);
  const examples = [...examplesOf(dev, 1), ...examplesOf(core, OWN_WEIGHT)];
  let pull = PULLS[0]!;
  if (args.includes('--pull')) pull = option('pull', 1);
  else {
    let best: Scored | null = null;
    for (const candidate of PULLS) {
      const cv = crossValidate(examples, dev.name, candidate);
      console.log(
        `pull ${candidate}: cross-validated on ${dev.name}: accuracy ${cv.accuracy.toFixed(3)} (${cv.correct} of ${cv.n}), macro-F1 ${cv.macroF1.toFixed(3)}`,
      );
      if (args.includes('--verbose')) for (const miss of cv.misses) console.log(`  ${miss}`);
      // A tie goes to the stronger pull: nearer the lexicon, safer in the languages the dev half lacks.
      const better = !best || cv.correct > best.correct || (cv.correct === best.correct && round(cv.macroF1) >= round(best.macroF1));
      if (better) [best, pull] = [cv, candidate];
    }
  }
  const params = fit(examples, pull);
  const model = toModel(params, {
    on: [path.relative(root, devDir), path.relative(root, coreDir)],
    articles: dev.articles.length + core.articles.length,
    examples: examples.length,
    pull,
    best: BEST,
    own: OWN_WEIGHT,
    event: EVENT_WEIGHT,
    translated: TRANSLATED_WEIGHT,
  });
  console.log(
    `pull ${pull}; factors per place ${PLACES.map((pl, j) => `${pl} ${params.factor[j]!.toFixed(2)}`).join(', ')}; base`,
    model.base,
  );
  for (const [name, s] of Object.entries(evaluate(model, [dev, core], examples)))
    console.log(
      `${name} (articles alone, fitted on): accuracy ${s.accuracy.toFixed(3)} (${s.correct} of ${s.n}), macro-F1 ${s.macroF1.toFixed(3)}`,
    );
  if (!dry) writeFileSync(INTEREST_MODEL_FILE, `${JSON.stringify(model, null, 1)}\n`);
}
