/**
 * Fits the sentence model of summaries (server/src/engine/summarize/sentence-model.json, docs/decisions/223) on
 * the dev half of the real-news set and the repo's core quality set, never on the test half nor on held-out:
 *
 *   node --conditions=source --import tsx bench/real-news/build-set.ts   (once: the git-ignored text)
 *   npm run bench:fit-sentences                                           (writes sentence-model.json)
 *   npm run bench:fit-sentences -- --dry                                  (prints, writes nothing)
 *   ... -- --dry --curve | --misses                                       (what each threshold drops; what it gets wrong)
 *
 * Every sentence of every article is a row, read as the summarizer reads it: its story is its labelled event
 * (the headlines and texts of the event's articles), its labels those of the set (opinion, background, else
 * fact; core labels opinion and facts, not background). Two logistic regressions (opinion or not, background or
 * not; L2, standardised features plus hashed words, full-batch gradient descent with Adam steps, core's
 * sentences weighing FIT_OWN_WEIGHT each) are fitted on five folds of events to see how they do on events they
 * did not see. Each threshold is set from those out-of-fold probabilities, on the sentences the fact filter
 * keeps: where (targets dropped) - FIT_FACT_COST x (facts dropped) is largest. Then both are fitted on every
 * event and written with their thresholds. Deterministic: the same sets give the same file.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeSentence } from '../../server/src/engine/summarize/fact-filter.js';
import { fragment } from '../../server/src/engine/summarize/facts.js';
import { endsSentence } from '../../server/src/engine/summarize/sentences.js';
import {
  bucketOf,
  SENTENCE_FEATURES,
  SENTENCE_MODEL_FILE,
  sentenceEvidence,
  type SentenceEvidence,
  type SentenceModel,
  type SentenceModelTarget,
  storyProfile,
  targetProbability,
} from '../../server/src/engine/summarize/sentence-model.js';
import { loadSet, type QualityArticle } from '../quality/set.js';
import { splitSentences } from '../quality/text.js';
import { QUALITY_SETS } from '../quality.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUCKETS = 4096;
const FOLDS = 5;
const L2_DENSE = Number(process.env.FIT_L2_DENSE ?? 0.03);
const L2_WORDS = Number(process.env.FIT_L2_WORDS ?? 0.002);
const EPOCHS = 400;
/** A fact dropped counts as this many non-facts dropped when the thresholds are set. */
const FACT_COST = Number(process.env.FIT_FACT_COST ?? 1);
/** The repo's own core set (not held-out) is fitted on too: it labels opinion and facts the way the repo's summaries were written for. */
const OWN = process.env.FIT_OWN !== '0';
/** Each of its sentences weighs as much as this many of the dev half's. */
const OWN_WEIGHT = Number(process.env.FIT_OWN_WEIGHT ?? 3);

const shortHash = (s: string) => createHash('sha256').update(s.trim()).digest('hex').slice(0, 16);
/**
 * The dev half's boilerplate (bylines, captions, datelines, links: labels.json, which the set's files do not carry):
 * neither a fact nor background, so it teaches the background model nothing and counts as no fact lost.
 */
const BOILERPLATE = new Set(
  (
    JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')) as {
      articles: Array<{ sentences: Array<{ sha: string; label: string }> }>;
    }
  ).articles.flatMap((a) => a.sentences.filter((s) => s.label === 'boilerplate').map((s) => s.sha)),
);

/** `unlabelled`: a sentence of the repo's own sets that is neither opinion nor a labelled fact (they label no background). */
type Label = 'fact' | 'opinion' | 'background' | 'unlabelled';
interface Row {
  set: string;
  event: string;
  article: string;
  language: string;
  text: string;
  position: number;
  label: Label;
  /** The fact filter keeps it: only these reach the model in the engine. */
  kept: boolean;
  evidence: SentenceEvidence;
  buckets: number[];
}

export function rowsOf(set: string, articles: QualityArticle[], labelsBackground = true): Row[] {
  const byEvent = new Map<string, QualityArticle[]>();
  for (const a of articles) byEvent.set(a.event, [...(byEvent.get(a.event) ?? []), a]);
  const rows: Row[] = [];
  for (const [event, members] of byEvent) {
    const story = storyProfile(
      members.map((a) => ({ title: a.title, text: a.text, language: a.language, publishedAt: new Date(a.published) })),
    );
    members.forEach((a, index) => {
      // As the summarizer reads it (facts.ts): a line that ends no sentence and reports no event is no statement.
      const punctuated = splitSentences(a.text).some(endsSentence);
      const opinion = new Set(a.opinionSentences);
      const background = new Set(a.backgroundSentences ?? []);
      const facts = new Set(Object.values(a.facts ?? {}).flat());
      const labelOf = (text: string): Label =>
        opinion.has(text)
          ? 'opinion'
          : background.has(text)
            ? 'background'
            : BOILERPLATE.has(shortHash(text))
              ? 'unlabelled'
              : labelsBackground || facts.has(text)
                ? 'fact'
                : 'unlabelled';
      splitSentences(a.text).forEach((text, position) => {
        const evidence = sentenceEvidence(text, position, index, story);
        rows.push({
          set,
          event: `${set}/${event}`,
          article: a.id,
          language: a.language,
          text,
          position,
          label: labelOf(text),
          kept: position < 12 && !(punctuated && fragment(text)) && judgeSentence(text, a.language).keep,
          evidence,
          buckets: evidence.words.map((w) => bucketOf(w, BUCKETS)),
        });
      });
    });
  }
  return rows;
}

/** Logistic regression, L2, by full-batch gradient descent with Adam steps: standardised dense features and word buckets. */
export function fitTarget(rows: Row[], positive: (r: Row) => boolean): Omit<SentenceModelTarget, 'threshold'> {
  const k = SENTENCE_FEATURES.length;
  const n = rows.length;
  const mean = new Array<number>(k).fill(0);
  const scale = new Array<number>(k).fill(0);
  for (const r of rows) for (let j = 0; j < k; j++) mean[j]! += r.evidence.dense[j]! / n;
  for (const r of rows) for (let j = 0; j < k; j++) scale[j]! += (r.evidence.dense[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < k; j++) scale[j] = Math.sqrt(scale[j]!) || 1;
  const x = rows.map((r) => r.evidence.dense.map((v, j) => (v - mean[j]!) / scale[j]!));
  const norms = rows.map((r) => 1 / Math.sqrt(Math.max(1, r.buckets.length)));
  const y = rows.map((r) => (positive(r) ? 1 : 0));
  const weight = rows.map((r) => (r.set === 'real-news-dev' ? 1 : OWN_WEIGHT));
  const total = weight.reduce((a, b) => a + b, 0);
  // Parameters: bias, dense weights, bucket weights.
  const size = 1 + k + BUCKETS;
  const theta = new Float64Array(size);
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  const grad = new Float64Array(size);
  const rate = 0.05;
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      let z = theta[0]!;
      const xi = x[i]!;
      for (let j = 0; j < k; j++) z += theta[1 + j]! * xi[j]!;
      for (const b of rows[i]!.buckets) z += theta[1 + k + b]! * norms[i]!;
      const err = ((1 / (1 + Math.exp(-z)) - y[i]!) * weight[i]!) / total;
      grad[0]! += err;
      for (let j = 0; j < k; j++) grad[1 + j]! += err * xi[j]!;
      for (const b of rows[i]!.buckets) grad[1 + k + b]! += err * norms[i]!;
    }
    for (let j = 0; j < k; j++) grad[1 + j]! += L2_DENSE * theta[1 + j]!;
    for (let b = 0; b < BUCKETS; b++) grad[1 + k + b]! += L2_WORDS * theta[1 + k + b]!;
    for (let p = 0; p < size; p++) {
      m[p] = 0.9 * m[p]! + 0.1 * grad[p]!;
      v[p] = 0.999 * v[p]! + 0.001 * grad[p]! ** 2;
      const mh = m[p]! / (1 - 0.9 ** epoch);
      const vh = v[p]! / (1 - 0.999 ** epoch);
      theta[p]! -= (rate * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  const hashed: Record<string, number> = {};
  for (let b = 0; b < BUCKETS; b++) {
    const w = round(theta[1 + k + b]!, 3);
    if (Math.abs(w) >= 0.001) hashed[b] = w;
  }
  return {
    mean: mean.map((value) => round(value)),
    scale: scale.map((value) => round(value)),
    weights: Array.from({ length: k }, (_, j) => round(theta[1 + j]!)),
    bias: round(theta[0]!),
    hashed,
  };
}

/** The rows that say whether they are background: the repo's own sets label opinion and facts, not background. */
const labelled = (rows: Row[]) => rows.filter((r) => r.label !== 'unlabelled');

/** Out-of-fold probabilities: each event's rows scored by the models fitted without its fold. */
function crossValidated(rows: Row[]): Map<Row, { opinion: number; background: number }> {
  const events = [...new Set(rows.map((r) => r.event))].sort();
  const foldOf = new Map(events.map((e, i) => [e, i % FOLDS]));
  const out = new Map<Row, { opinion: number; background: number }>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = rows.filter((r) => foldOf.get(r.event) !== fold);
    const opinion = { ...fitTarget(train, (r) => r.label === 'opinion'), threshold: 1 };
    const background = { ...fitTarget(labelled(train), (r) => r.label === 'background'), threshold: 1 };
    for (const r of rows)
      if (foldOf.get(r.event) === fold)
        out.set(r, {
          opinion: targetProbability(r.evidence, opinion, BUCKETS),
          background: targetProbability(r.evidence, background, BUCKETS),
        });
  }
  return out;
}

/**
 * The threshold of one target on the kept sentences: the probability from which sentences are dropped that
 * maximises (targets dropped) - FACT_COST x (facts dropped); sentences the other target labels count neither way.
 */
function threshold(scored: Array<{ p: number; label: Label }>, target: Label): { threshold: number; dropped: number; facts: number } {
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  let best = { threshold: 1, dropped: 0, facts: 0, gain: 0 };
  let dropped = 0;
  let facts = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i]!.label === target) dropped++;
    else if (sorted[i]!.label === 'fact') facts++;
    const gain = dropped - FACT_COST * facts;
    const next = sorted[i + 1]?.p ?? 0;
    if (gain > best.gain && next < sorted[i]!.p) best = { threshold: round((sorted[i]!.p + next) / 2, 4), dropped, facts, gain };
  }
  return best;
}

function auc(scored: Array<{ p: number; y: boolean }>): number {
  const pos = scored.filter((s) => s.y).map((s) => s.p);
  const neg = scored.filter((s) => !s.y).map((s) => s.p);
  let wins = 0;
  for (const p of pos) for (const q of neg) wins += p > q ? 1 : p === q ? 0.5 : 0;
  return wins / Math.max(1, pos.length * neg.length);
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dry = process.argv.includes('--dry');
  const dir = path.join(here, '.set/dev');
  const rows = [
    ...rowsOf('real-news-dev', loadSet(dir).articles),
    ...(OWN ? rowsOf('core', loadSet(path.join(QUALITY_SETS, 'core')).articles, false) : []),
  ];
  const kept = rows.filter((r) => r.kept);
  const tally = (list: Row[]) =>
    ['fact', 'opinion', 'background', 'unlabelled'].map((l) => `${l} ${list.filter((r) => r.label === l).length}`).join(', ');
  console.log(`${rows.length} sentences (${tally(rows)}); kept by the fact filter ${kept.length} (${tally(kept)})`);

  const oof = crossValidated(rows);
  const thresholds = {} as Record<'opinion' | 'background', ReturnType<typeof threshold>>;
  for (const target of ['opinion', 'background'] as const) {
    const scored = kept.map((r) => ({ p: oof.get(r)![target], label: r.label }));
    console.log(
      `${target}: out-of-fold AUC on kept sentences ${auc(scored.map((s) => ({ p: s.p, y: s.label === target }))).toFixed(3)}, all sentences ${auc(rows.map((r) => ({ p: oof.get(r)![target], y: r.label === target }))).toFixed(3)}`,
    );
    thresholds[target] = threshold(scored, target);
    console.log(
      `  threshold ${thresholds[target].threshold}: drops ${thresholds[target].dropped} of ${kept.filter((r) => r.label === target).length} ${target} and ${thresholds[target].facts} of ${kept.filter((r) => r.label === 'fact').length} facts (out of fold)`,
    );
  }
  if (process.argv.includes('--curve'))
    for (const target of ['opinion', 'background'] as const)
      for (const t of [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7]) {
        const over = kept.filter((r) => oof.get(r)![target] >= t);
        console.log(target, t, tally(over));
      }
  if (process.argv.includes('--misses'))
    for (const r of kept) {
      const p = oof.get(r)!;
      const out = p.opinion >= thresholds.opinion.threshold || p.background >= thresholds.background.threshold;
      if (out !== (r.label !== 'fact'))
        console.log(
          `${out ? 'DROPPED' : 'KEPT   '} ${r.label.padEnd(10)} o${p.opinion.toFixed(2)} b${p.background.toFixed(2)} ${r.language} ${r.text}`,
        );
    }

  const model: SentenceModel = {
    features: SENTENCE_FEATURES,
    buckets: BUCKETS,
    opinion: { ...fitTarget(rows, (r) => r.label === 'opinion'), threshold: thresholds.opinion.threshold },
    background: { ...fitTarget(labelled(rows), (r) => r.label === 'background'), threshold: thresholds.background.threshold },
    fitted: {
      on: [path.relative(path.join(here, '../..'), dir), ...(OWN ? ['server/test/fixtures/quality/core'] : [])],
      sentences: rows.length,
      opinion: rows.filter((r) => r.label === 'opinion').length,
      background: rows.filter((r) => r.label === 'background').length,
      factCost: FACT_COST,
      outOfFold: thresholds,
    },
  };
  for (const [j, name] of SENTENCE_FEATURES.entries())
    console.log(
      `${name.padEnd(20)} opinion ${model.opinion.weights[j]!.toFixed(3).padStart(7)}  background ${model.background.weights[j]!.toFixed(3).padStart(7)}`,
    );
  // The bucket weights on one line each: thousands of numbers, read by no one.
  const hashed = [model.opinion.hashed, model.background.hashed].map((h) => JSON.stringify(h));
  const text = JSON.stringify(
    { ...model, opinion: { ...model.opinion, hashed: 0 }, background: { ...model.background, hashed: 1 } },
    null,
    1,
  )
    .replace('"hashed": 0', `"hashed": ${hashed[0]}`)
    .replace('"hashed": 1', `"hashed": ${hashed[1]}`);
  if (!dry) writeFileSync(SENTENCE_MODEL_FILE, `${text}\n`);
}
