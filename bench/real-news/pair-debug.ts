/**
 * Why two articles of a real-news half are, or are not, one story: the pair model's probability and each
 * feature's contribution (weight x standardised value), largest first. Dev half only when tuning.
 *
 *   node --conditions=source --import tsx bench/real-news/pair-debug.ts [--model file.json] [dir] id1 id2 [id3 ...]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAIR_FEATURES, type PairModel, pairModel, pairProbability } from '../../server/src/engine/cluster/pair-score.js';
import { StoryIndex } from '../../server/src/engine/cluster/cluster.js';
import { preparedOf } from './fit-pairs.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
// --translated: the set's non-English articles read through their English translations (a set with "en" texts).
const translated = args.includes('--translated');
if (translated) args.splice(args.indexOf('--translated'), 1);
const modelAt = args.indexOf('--model');
const model: PairModel = modelAt >= 0 ? (JSON.parse(readFileSync(args.splice(modelAt, 2)[1]!, 'utf8')) as PairModel) : pairModel();
const dir = args[0]?.includes('/') ? args.shift()! : path.join(here, '.set/dev');
const articles = preparedOf(dir, translated).articles;
const byId = new Map(articles.map((a) => [a.article.id, a]));
for (let i = 0; i < args.length; i++)
  for (let j = i + 1; j < args.length; j++) {
    const a = byId.get(args[i]!);
    const b = byId.get(args[j]!);
    if (!a || !b) throw new Error(`no article ${a ? args[j] : args[i]}`);
    const index = new StoryIndex(model);
    index.add('b', b.article);
    const x = index.pairFeatures(a.article, b.article.id);
    const p = pairProbability(x, model);
    console.log(
      `${a.article.id} ~ ${b.article.id}: p=${p.toFixed(4)} (pair threshold ${model.threshold}, story ${model.storyThreshold}) same event: ${a.event === b.event}`,
    );
    const parts = PAIR_FEATURES.map((f, k) => ({ f, v: x[k]!, c: (model.weights[k]! * (x[k]! - model.mean[k]!)) / model.scale[k]! }));
    for (const t of parts.sort((m, n) => Math.abs(n.c) - Math.abs(m.c)).slice(0, Number(process.env.TOP ?? 12)))
      console.log(`  ${t.f.padEnd(22)} value ${t.v.toFixed(3).padStart(8)}  ${t.c >= 0 ? '+' : ''}${t.c.toFixed(2)}`);
  }
