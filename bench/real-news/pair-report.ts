/**
 * The stories the pair model makes of a real-news half, replayed as the fit does (fit-pairs.ts `assign`): pair
 * F1 within and across languages, the events split, and the wrong merges by pair of events. Faster than the
 * quality bench (no ingest, no summaries), for tuning on the dev half only.
 *
 *   node --conditions=source --import tsx bench/real-news/pair-report.ts [dir] [--model file.json] [--translated]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PairModel, pairModel } from '../../server/src/engine/cluster/pair-score.js';
import { pairwiseClusterScores } from '../quality/metrics.js';
import { preparedOf, storiesOf } from './fit-pairs.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
// --translated: the set's non-English articles read through their English translations (a set with "en" texts).
const translated = args.includes('--translated');
if (translated) args.splice(args.indexOf('--translated'), 1);
const modelAt = args.indexOf('--model');
const model: PairModel = modelAt >= 0 ? (JSON.parse(readFileSync(args.splice(modelAt, 2)[1]!, 'utf8')) as PairModel) : pairModel();
const dir = args[0] ?? path.join(here, '.set/dev');
const set = preparedOf(dir, translated);
const storyOf = storiesOf(set, model);
const items = set.articles.map((a) => ({ id: a.article.id, gold: a.event, predicted: storyOf.get(a.article.id)!, language: a.language }));
const { sameLanguage, crossLanguage } = pairwiseClusterScores(items);
const f = (s: typeof sameLanguage) =>
  `${s.f1.toFixed(3)} (P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)}; fp ${s.falsePositive} fn ${s.falseNegative})`;
console.log(`same language ${f(sameLanguage)}\nacross languages ${f(crossLanguage)}`);
const byEvent = new Map<string, typeof items>();
for (const i of items) (byEvent.get(i.gold) ?? byEvent.set(i.gold, []).get(i.gold)!).push(i);
const multi = [...byEvent.values()].filter((l) => l.length > 1);
const split = multi.filter((l) => new Set(l.map((i) => i.predicted)).size > 1);
console.log(`\nsplit: ${split.length} of ${multi.length}`);
for (const l of split) {
  const parts = new Map<string, string[]>();
  for (const i of l) (parts.get(i.predicted) ?? parts.set(i.predicted, []).get(i.predicted)!).push(i.id);
  console.log(`  ${l[0]!.gold}: ${[...parts.values()].map((p) => `[${p.join(' ')}]`).join(' ')}`);
}
const byStory = new Map<string, typeof items>();
for (const i of items) (byStory.get(i.predicted) ?? byStory.set(i.predicted, []).get(i.predicted)!).push(i);
console.log('\nwrong merges:');
for (const l of byStory.values()) {
  const events = new Set(l.map((i) => i.gold));
  if (events.size < 2) continue;
  console.log(
    `  ${[...events]
      .map(
        (e) =>
          `${e} [${l
            .filter((i) => i.gold === e)
            .map((i) => i.id)
            .join(' ')}]`,
      )
      .join('\n    + ')}`,
  );
}
