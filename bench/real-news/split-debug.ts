/**
 * Why the events of a real-news half are split: for every report placed apart from an earlier report of its
 * event, the stories it matched (with their linkage scores) and its probability with each earlier report of the
 * event, computed against the index as it stood (the counts of names and words of the whole window), which
 * pair-debug.ts does not have. A report the pair threshold lets through but that matches no story was refused
 * by the story linkage (`storyLinkage`). Dev half only when tuning.
 *
 *   node --conditions=source --import tsx bench/real-news/split-debug.ts [dir] [event ...]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pairModel, pairProbability } from '../../server/src/engine/cluster/pair-score.js';
import { preparedOf, storiesOf, WINDOW_MS } from './fit-pairs.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
// --translated: the set's non-English articles read through their English translations (a set with "en" texts).
const translated = args.includes('--translated');
if (translated) args.splice(args.indexOf('--translated'), 1);
const dir = args[0]?.includes('/') ? args.shift()! : path.join(here, '.set/dev');
const only = new Set(args);
const model = pairModel();
const set = preparedOf(dir, translated);
const lines: Array<{ id: string; event: string; text: string[]; mates: string[] }> = [];
const storyOf = storiesOf(set, model, (a, index, before) => {
  if (only.size && !only.has(a.event)) return;
  const mates = set.articles.filter((m) => m.event === a.event && before.has(m.article.id));
  if (!mates.length) return;
  const matches = index.findAll(a.article).map((m) => `${m.storyId} at ${m.score.toFixed(2)}`);
  const t = a.article.publishedAt.getTime();
  lines.push({
    id: a.article.id,
    event: a.event,
    text: [`matches: ${matches.join(', ') || 'none'}`],
    mates: mates.map((m) => {
      const days = ((t - m.article.publishedAt.getTime()) / 86_400_000).toFixed(1);
      const where = `${m.article.id} (${before.get(m.article.id)}), ${days} d before`;
      // Reports older than the window are not in the index: never compared.
      if (t - m.article.publishedAt.getTime() > WINDOW_MS) return `${where}: outside the window`;
      return `${where}: p = ${pairProbability(index.pairFeatures(a.article, m.article.id), model).toFixed(3)}`;
    }),
  });
});
for (const line of lines) {
  const apart = set.articles.some(
    (m) => m.event === line.event && m.article.id !== line.id && storyOf.get(m.article.id) !== storyOf.get(line.id),
  );
  if (!apart) continue;
  console.log(`\n${line.event}: ${line.id} -> ${storyOf.get(line.id)} (${line.text.join('; ')})`);
  for (const mate of line.mates) console.log(`   ${mate}`);
}
