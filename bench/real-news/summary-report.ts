/**
 * The summaries of a real-news half and of the repo's own sets, replayed without ingest: each story (the pair
 * model's stories of a real-news half, as pair-report.ts replays them; the labelled events of `core` and
 * `held-out`) summarized as the engine does without a translator, and its detailed sentences judged against the
 * labels: opinion, background and other sentences, labelled facts told. Seconds rather than the quality bench's
 * minutes, for tuning on the dev half only (the bench stays the measure).
 *
 *   node --conditions=source --import tsx bench/real-news/summary-report.ts [dir] [--list] [--own]
 *
 * `--list` prints each opinion and background sentence shown, with the sentence model's doubt; `--own` adds the
 * repo's core and held-out sets (labelled facts told, opinion).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pairModel } from '../../server/src/engine/cluster/pair-score.js';
import { pickDistinct, rankFacts, type SummaryArticle } from '../../server/src/engine/summarize/facts.js';
import { judgeInStory, sentenceModel, storyProfile } from '../../server/src/engine/summarize/sentence-model.js';
import { GoldIndex } from '../quality/judge.js';
import { loadSet, outletOf, type QualitySet } from '../quality/set.js';
import { QUALITY_SETS } from '../quality.js';
import { prepare, storiesOf } from './fit-pairs.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DETAILED = 6;
const hash = (s: string) => createHash('sha256').update(s.trim()).digest('hex').slice(0, 16);
/** Hashes of the sentences labels.json calls boilerplate (the set's files do not carry that label). */
const BOILERPLATE = new Set(
  (
    JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')) as {
      articles: Array<{ sentences: Array<{ sha: string; label: string }> }>;
    }
  ).articles.flatMap((a) => a.sentences.filter((s) => s.label === 'boilerplate').map((s) => s.sha)),
);

export interface ShownSentence {
  story: string;
  rank: number;
  text: string;
  doubt: number;
  /** The sentence model's probabilities over their thresholds. */
  o: number;
  b: number;
  /** `boilerplate`: labelled so in labels.json (the bench counts it among the other sentences). */
  label: 'opinion' | 'background' | 'boilerplate' | 'other';
  facts: string[];
  /** Outlets stating the fact, and where the sentence shown stands in its article. */
  outlets: number;
  score: number;
  informative: number;
  position: number;
  articles: number;
}

/** The detailed summary of every story (lists of article ids) of a set, each sentence judged. */
export function summarizeStories(set: QualitySet, stories: string[][]): ShownSentence[] {
  const byId = new Map(set.articles.map((a) => [a.id, a]));
  const gold = new GoldIndex(set.articles, set.readerLanguage);
  const out: ShownSentence[] = [];
  for (const ids of stories) {
    const articles: SummaryArticle[] = ids.map((id) => {
      const a = byId.get(id)!;
      return {
        id: a.id,
        sourceId: a.source.id,
        sourceWeight: outletOf(set, a.source.id).weight,
        title: a.title,
        text: a.text,
        language: a.language,
        publishedAt: new Date(a.published),
      };
    });
    const profile = storyProfile(articles);
    const ratios = (text: string, articleId: string) => {
      const index = articles.findIndex((a) => a.id === articleId);
      const position = profile.articles[index]!.sentences.findIndex((r) => r.text === text);
      const j = judgeInStory(text, Math.max(0, position), index, profile);
      const m = sentenceModel();
      return { o: j.opinion / m.opinion.threshold, b: j.background / m.background.threshold };
    };
    const ranked = rankFacts(articles, set.readerLanguage);
    const told = ranked.some((f) => f.inReaderLanguage) ? ranked.filter((f) => f.inReaderLanguage) : ranked;
    const story = byId.get(ids[0]!)!.event;
    pickDistinct(told, DETAILED).forEach((f, rank) => {
      const j = gold.judge(f.shown.text, f.shown.language);
      out.push({
        story,
        rank,
        text: f.shown.text,
        doubt: f.shown.doubt ?? 0,
        ...ratios(f.shown.text, f.shown.articleId),
        label: j.opinion ? 'opinion' : j.background ? 'background' : BOILERPLATE.has(hash(f.shown.text)) ? 'boilerplate' : 'other',
        facts: j.facts,
        outlets: f.sourceIds.size,
        score: f.score,
        informative: f.shown.informative,
        position: f.shown.order % 100,
        articles: ids.length,
      });
    });
  }
  return out;
}

/** The pair model's stories of a real-news half, as article id lists. */
export function engineStories(dir: string): { set: QualitySet; stories: string[][] } {
  const prepared = prepare(dir)[0]!;
  const storyOf = storiesOf(prepared, pairModel());
  const stories = new Map<string, string[]>();
  for (const [id, s] of storyOf) (stories.get(s) ?? stories.set(s, []).get(s)!).push(id);
  return { set: loadSet(dir), stories: [...stories.values()] };
}

/** A set's labelled events, as article id lists. */
export function goldStories(set: QualitySet): string[][] {
  const events = new Map<string, string[]>();
  for (const a of set.articles) (events.get(a.event) ?? events.set(a.event, []).get(a.event)!).push(a.id);
  return [...events.values()];
}

export function tally(shown: ShownSentence[]): { opinion: number; background: number; boilerplate: number; other: number; facts: number } {
  const count = (l: ShownSentence['label']) => shown.filter((s) => s.label === l).length;
  return {
    opinion: count('opinion'),
    background: count('background'),
    boilerplate: count('boilerplate'),
    other: count('other'),
    facts: new Set(shown.flatMap((s) => s.facts)).size,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--')) ?? path.join(here, '.set/dev');
  const { set, stories } = engineStories(dir);
  const shown = summarizeStories(set, stories);
  console.log(`${set.name}: ${stories.length} stories`, tally(shown));
  if (args.includes('--list'))
    for (const s of shown.filter((x) => x.label !== 'other'))
      console.log(`${s.label.padEnd(10)} #${s.rank} d${s.doubt.toFixed(2)} [${s.story}] ${s.text.slice(0, 200)}`);
  if (args.includes('--own'))
    for (const name of ['core', 'held-out']) {
      const own = loadSet(path.join(QUALITY_SETS, name));
      const labelled = new Set(own.articles.flatMap((a) => Object.keys(a.facts ?? {}).map((id) => `${a.event}.${id}`)));
      console.log(`${name}: ${labelled.size} labelled facts`, tally(summarizeStories(own, goldStories(own))));
    }
}
