/**
 * Quality benchmark: each labelled set (server/test/fixtures/quality/<set>/, or `--set DIR`) served as RSS feeds
 * on loopback, ingested by the real engine into a fresh SQLite database, once without a translator and once with
 * the stand-in that answers from the set's own English translations; the edition read back through the engine's
 * public API and scored against the labels. docs/decisions/207.
 *
 * npm run bench -- quality                       every set of the repo
 * npm run bench -- quality --set /path/to/set    a set from elsewhere (a set folder, or a folder of sets)
 * npm run bench -- quality --verbose             also lists what each figure counted
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../server/src/engine/engine.js';
import type { EditionStory } from '../server/src/engine/edition/edition.js';
import { Article } from '../server/src/engine/model/article.entity.js';
import { ManualClock } from '../server/src/lib/clock.js';
import { openTestOrm, testEngineConfig } from '../server/test/engine/support.js';
import { serveSet } from './quality/feeds.js';
import { GoldIndex } from './quality/judge.js';
import {
  interestScores,
  mixedLanguageSentences,
  pairwiseClusterScores,
  redundantPairs,
  type ClusterItem,
  type InterestItem,
  type JudgedSentence,
} from './quality/metrics.js';
import { findSets, isPureOpinion, loadSet, type QualitySet } from './quality/set.js';
import { SetTranslator } from './quality/translator.js';

export const QUALITY_SETS = fileURLToPath(new URL('../server/test/fixtures/quality/', import.meta.url));

const DEPTHS = ['brief', 'standard', 'detailed'] as const;

type Mode = 'none' | 'stand-in';

/** Everything one run of one set measured, with what each figure counted (for --verbose). */
export interface QualityRun {
  set: string;
  mode: Mode;
  articles: number;
  languages: number;
  events: number;
  /** Labelled articles the engine has no article for (neither at their link nor as an outlet of a copy). */
  notFound: string[];
  stories: number;
  clustering: ReturnType<typeof pairwiseClusterScores>;
  splitEvents: ReturnType<typeof splitEvents>;
  summarySentences: number;
  redundantDetailed: number;
  /** Of the detailed pairs, those that share a figure but no labelled fact (the figure heuristic alone). */
  redundantDetailedByFigureOnly: number;
  redundantTotal: number;
  /** Distinct labelled facts the detailed summaries tell (what leaving sentences out must not cost). */
  factsToldDetailed: number;
  opinion: JudgedSentence[];
  /** Summary sentences labelled background (another actor's or another event's), when the set labels them. */
  background: JudgedSentence[] | null;
  mixed: JudgedSentence[];
  unmatchedSentences: number;
  interests: ReturnType<typeof interestScores>;
  factArticlesInNoStory: string[];
  mustKnow: { events: number; present: number; missing: string[] };
  bareKeyFigures: number;
  translatorCalls: { total: number; unknown: number } | null;
  details: string[];
}

const HOUR_MS = 3600_000;

/** The passes of a streamed set: the hour after each hour in which an article was published, in order. */
export function passTimes(set: QualitySet): Date[] {
  const hours = new Set(set.articles.map((a) => Math.floor(Date.parse(a.published) / HOUR_MS) * HOUR_MS + HOUR_MS));
  return [...hours].sort((a, b) => a - b).map((t) => new Date(t));
}

export async function runQuality(set: QualitySet, mode: Mode): Promise<QualityRun> {
  const streamed = set.stream;
  const clock = new ManualClock(streamed ? passTimes(set)[0]! : set.now);
  // Streamed, a feed lists what was published by the engine's clock, as a real feed would at that hour.
  const feeds = await serveSet(set, streamed ? () => clock.now() : undefined);
  const db = await openTestOrm();
  const translator = mode === 'stand-in' ? new SetTranslator(set.articles, set.readerLanguage) : undefined;
  try {
    const config = testEngineConfig({
      INGEST_TIMEOUT_MS: '30000',
      INGEST_MAX_ITEMS_PER_FEED: '1000',
      // One feed at a time: articles reach clustering in the same order on every run, so the figures repeat.
      INGEST_CONCURRENCY: '1',
      TRANSLATOR: 'none',
      TRANSLATE_TO: set.readerLanguage,
    });
    const engine = createEngine(db.orm, config, { clock, ...(translator ? { translator } : {}) });
    await engine.syncCatalog(feeds.catalog);
    for (const at of streamed ? passTimes(set) : [clock.now()]) {
      clock.set(at);
      const report = await engine.ingest();
      if (report.failed)
        throw new Error(`${set.name}: ${report.failed} feeds failed: ${JSON.stringify(report.outcomes.filter((o) => o.status !== 'ok'))}`);
    }
    // Editions take what became known before their end: read them a minute after the pass. A streamed set's
    // stories are read all at once, every story of its span, as they stand after the last pass.
    clock.advance(60_000);
    const full = streamed
      ? await engine.edition({ limit: 100_000, from: new Date(0), to: clock.now(), select: 'published', knownBy: null })
      : await engine.edition({ limit: 100_000 });
    const daily = await engine.edition();

    // Each labelled article is the engine article at its link, or (an exact copy folded into another) the one that lists its outlet.
    const stored = await db.orm.em.fork().find(Article, {}, { fields: ['id', 'url', 'sourceId', 'alsoSourceIds', 'storyId', 'title'] });
    const byUrl = new Map(stored.map((a) => [a.url, a]));
    const engineArticle = new Map<string, (typeof stored)[number]>();
    for (const a of set.articles) {
      const source = feeds.sourceOf.get(a.id)!;
      const found =
        byUrl.get(feeds.urls.get(a.id)!) ?? stored.find((s) => s.alsoSourceIds.includes(source) && s.title.trim() === a.title.trim());
      if (found) engineArticle.set(a.id, found);
    }
    const details: string[] = [];
    const notFound = set.articles.filter((a) => !engineArticle.has(a.id)).map((a) => a.id);
    for (const id of notFound) details.push(`labelled article the engine did not store: ${id}`);
    const storyOfArticle = new Map<string, EditionStory>();
    const storyById = new Map(full.stories.map((s) => [s.id, s]));
    for (const [id, a] of engineArticle) {
      const story = a.storyId ? storyById.get(a.storyId) : undefined;
      if (story) storyOfArticle.set(id, story);
    }

    const clusterItems: ClusterItem[] = set.articles.map((a) => ({
      id: a.id,
      gold: a.event,
      predicted: engineArticle.get(a.id)?.storyId ?? null,
      language: a.language,
    }));

    const gold = new GoldIndex(set.articles, set.readerLanguage);
    let summarySentences = 0;
    let unmatched = 0;
    let redundantDetailed = 0;
    let redundantDetailedByFigureOnly = 0;
    let redundantTotal = 0;
    let factsToldDetailed = 0;
    let bareKeyFigures = 0;
    const opinion: JudgedSentence[] = [];
    const background: JudgedSentence[] = [];
    const mixed: JudgedSentence[] = [];
    for (const story of full.stories) {
      const distinct = new Map<string, JudgedSentence>();
      const mixedHere = new Set<string>();
      for (const depth of DEPTHS) {
        const judged = story.summaries[depth].map((s) => {
          const j = gold.judge(s.text, s.language);
          if (!distinct.has(s.text)) {
            distinct.set(s.text, j);
            if (!j.matched) unmatched++;
          }
          return j;
        });
        const pairs = redundantPairs(judged);
        redundantTotal += pairs.length;
        if (depth === 'detailed') {
          factsToldDetailed += new Set(judged.flatMap((j) => j.facts)).size;
          redundantDetailed += pairs.length;
          redundantDetailedByFigureOnly += pairs.filter((p) => !p.shared.some((x) => x.startsWith('fact:'))).length;
          for (const p of pairs) details.push(`redundant [${p.shared.join(', ')}] in "${story.title}": "${p.a}" / "${p.b}"`);
        }
        for (const m of mixedLanguageSentences(judged, set.readerLanguage)) mixedHere.add(m.text);
      }
      summarySentences += distinct.size;
      for (const j of distinct.values()) {
        if (j.opinion) {
          opinion.push(j);
          details.push(`opinion in "${story.title}": "${j.text}"`);
        }
        if (j.background) {
          background.push(j);
          details.push(`background in "${story.title}": "${j.text}"`);
        }
        if (mixedHere.has(j.text)) {
          mixed.push(j);
          details.push(`${j.language} beside ${set.readerLanguage} in "${story.title}": "${j.text}"`);
        }
      }
      bareKeyFigures += story.keyFigures.filter((k) => !(k as { label?: string }).label).length;
    }

    const interestItems: InterestItem[] = [];
    for (const a of set.articles) {
      const story = storyOfArticle.get(a.id);
      if (!story) continue;
      interestItems.push({ predicted: story.interest, gold: a.interests });
      if (!a.interests.includes(story.interest))
        details.push(`interest ${story.interest} for ${a.id} (${a.language}), acceptable: ${a.interests.join(', ')}`);
    }

    const factArticlesInNoStory = set.articles.filter((a) => !isPureOpinion(a) && !storyOfArticle.has(a.id)).map((a) => a.id);
    for (const id of factArticlesInNoStory) details.push(`fact article in no story of the edition: ${id}`);

    const mustKnowEvents = [...new Set(set.articles.filter((a) => a.mustKnow).map((a) => a.event))];
    const inDaily = new Set(daily.stories.map((s) => s.id));
    const missing = mustKnowEvents.filter(
      (event) => !set.articles.some((a) => a.event === event && inDaily.has(engineArticle.get(a.id)?.storyId ?? '')),
    );
    for (const e of missing) details.push(`must-know event not in the daily edition: ${e}`);

    const scores = pairwiseClusterScores(clusterItems);
    details.push(...clusterMistakes(set, clusterItems));
    return {
      set: set.name,
      mode,
      articles: set.articles.length,
      languages: new Set(set.articles.map((a) => a.language)).size,
      events: new Set(set.articles.map((a) => a.event)).size,
      notFound,
      stories: full.stories.length,
      clustering: scores,
      splitEvents: splitEvents(clusterItems),
      summarySentences,
      redundantDetailed,
      redundantDetailedByFigureOnly,
      redundantTotal,
      factsToldDetailed,
      opinion,
      background: set.articles.some((a) => a.backgroundSentences) ? background : null,
      mixed,
      unmatchedSentences: unmatched,
      interests: interestScores(interestItems),
      factArticlesInNoStory,
      mustKnow: { events: mustKnowEvents.length, present: mustKnowEvents.length - missing.length, missing },
      bareKeyFigures,
      translatorCalls: translator ? { ...translator.calls } : null,
      details,
    };
  } finally {
    await db.close();
    await feeds.close();
  }
}

/** Gold events the engine split, and engine stories that joined gold events, for --verbose. */
/** Events of two articles or more, and those the reader meets as two stories or more (an article in no story counts as one). */
export function splitEvents(items: ClusterItem[]): { events: number; split: number } {
  const storiesOf = new Map<string, Set<string>>();
  const sizes = new Map<string, number>();
  for (const i of items) {
    storiesOf.set(i.gold, (storiesOf.get(i.gold) ?? new Set()).add(i.predicted ?? `none:${i.id}`));
    sizes.set(i.gold, (sizes.get(i.gold) ?? 0) + 1);
  }
  const multi = [...sizes].filter(([, n]) => n >= 2).map(([event]) => event);
  return { events: multi.length, split: multi.filter((e) => storiesOf.get(e)!.size > 1).length };
}

function clusterMistakes(set: QualitySet, items: ClusterItem[]): string[] {
  const out: string[] = [];
  const byEvent = new Map<string, ClusterItem[]>();
  const byStory = new Map<string, ClusterItem[]>();
  for (const i of items) {
    byEvent.set(i.gold, [...(byEvent.get(i.gold) ?? []), i]);
    if (i.predicted) byStory.set(i.predicted, [...(byStory.get(i.predicted) ?? []), i]);
  }
  const label = (i: ClusterItem) => `${i.id} (${i.language})`;
  for (const [event, members] of byEvent) {
    const stories = new Map<string, ClusterItem[]>();
    for (const m of members) stories.set(m.predicted ?? `none:${m.id}`, [...(stories.get(m.predicted ?? `none:${m.id}`) ?? []), m]);
    if (stories.size > 1)
      out.push(
        `event ${event} split into ${stories.size} stories: ${[...stories.values()].map((g) => `[${g.map(label).join(' ')}]`).join(' ')}`,
      );
  }
  for (const members of byStory.values()) {
    const events = new Set(members.map((m) => m.gold));
    if (events.size > 1) out.push(`one story joins events ${[...events].join(', ')}: ${members.map(label).join(' ')}`);
  }
  void set;
  return out;
}

const TARGETS = {
  crossF1: 0.9,
  interestMacroF1: 0.85,
};

const f2 = (n: number) => n.toFixed(2);
const pct = (part: number, whole: number) => `${part} of ${whole} (${whole ? ((100 * part) / whole).toFixed(0) : 0}%)`;
const judge = (met: boolean) => (met ? 'met' : 'MISSED');

/** One table row per figure, one column per translator mode. */
export function qualityRows(runs: QualityRun[]): Array<Record<string, string>> {
  const none = runs.find((r) => r.mode === 'none');
  const standIn = runs.find((r) => r.mode === 'stand-in');
  const first = (none ?? standIn)!;
  const rows: Array<Record<string, string>> = [];
  const row = (figure: string, value: (r: QualityRun) => string, target = '-', met?: (r: QualityRun) => boolean) =>
    rows.push({
      set: rows.length ? '' : `${first.set} (${first.articles} articles, ${first.languages} languages, ${first.events} events)`,
      figure,
      'no translator': none ? value(none) + (met ? ` ${judge(met(none))}` : '') : '-',
      'translator stand-in': standIn ? value(standIn) + (met ? ` ${judge(met(standIn))}` : '') : '-',
      target,
    });
  const c = (r: QualityRun) => r.clustering;
  row('stories in the edition', (r) => String(r.stories));
  row('labelled articles the engine did not store', (r) => String(r.notFound.length));
  row(
    'events of 2+ articles met as 2+ stories',
    (r) => `${r.splitEvents.split} of ${r.splitEvents.events}`,
    '0',
    (r) => r.splitEvents.split === 0,
  );
  row(
    'cluster F1 same-language (P / R)',
    (r) => `${f2(c(r).sameLanguage.f1)} (${f2(c(r).sameLanguage.precision)} / ${f2(c(r).sameLanguage.recall)})`,
  );
  row(
    'cluster F1 cross-language (P / R)',
    (r) => `${f2(c(r).crossLanguage.f1)} (${f2(c(r).crossLanguage.precision)} / ${f2(c(r).crossLanguage.recall)})`,
    `>= ${TARGETS.crossF1.toFixed(2)} (no translator)`,
    (r) => c(r).crossLanguage.f1 >= TARGETS.crossF1,
  );
  row('cluster F1 all pairs', (r) => f2(c(r).all.f1));
  row(
    'redundant fact pairs, detailed',
    (r) => `${r.redundantDetailed} (${r.redundantDetailedByFigureOnly} by figure only)`,
    '0',
    (r) => r.redundantDetailed === 0,
  );
  row(
    'redundant fact pairs, all depths',
    (r) => String(r.redundantTotal),
    '0',
    (r) => r.redundantTotal === 0,
  );
  row('distinct labelled facts told, detailed', (r) => String(r.factsToldDetailed));
  row(
    'opinion sentences in summaries',
    (r) => pct(r.opinion.length, r.summarySentences),
    '0',
    (r) => r.opinion.length === 0,
  );
  if (first.background)
    row(
      'background sentences in summaries',
      (r) => pct(r.background?.length ?? 0, r.summarySentences),
      '0',
      (r) => !r.background?.length,
    );
  row(
    'not in reader language beside it',
    (r) => pct(r.mixed.length, r.summarySentences),
    '0',
    (r) => r.mixed.length === 0,
  );
  row('interest accuracy', (r) => `${f2(r.interests.accuracy)} (${r.interests.correct} of ${r.interests.n} articles)`);
  row(
    'interest macro-F1',
    (r) => f2(r.interests.macroF1),
    `>= ${TARGETS.interestMacroF1.toFixed(2)}`,
    (r) => r.interests.macroF1 >= TARGETS.interestMacroF1,
  );
  row(
    'fact articles in no story',
    (r) => String(r.factArticlesInNoStory.length),
    '0',
    (r) => r.factArticlesInNoStory.length === 0,
  );
  row(
    'must-know stories in the daily',
    (r) => `${r.mustKnow.present} of ${r.mustKnow.events}`,
    'all',
    (r) => r.mustKnow.present === r.mustKnow.events,
  );
  row(
    'key figures without a label',
    (r) => String(r.bareKeyFigures),
    '0',
    (r) => r.bareKeyFigures === 0,
  );
  row('summary sentences matched to labels', (r) => pct(r.summarySentences - r.unmatchedSentences, r.summarySentences));
  if (standIn?.translatorCalls)
    row('translator calls (unknown text)', (r) => (r.translatorCalls ? `${r.translatorCalls.total} (${r.translatorCalls.unknown})` : '-'));
  return rows;
}

export interface QualityOptions {
  set?: string[];
  verbose?: boolean;
}

export async function benchQuality(options: QualityOptions = {}): Promise<Array<Record<string, string>>> {
  const dirs = (options.set?.length ? options.set : [QUALITY_SETS]).flatMap((d) => findSets(path.resolve(d)));
  if (!dirs.length) throw new Error(`no quality set found in ${(options.set ?? [QUALITY_SETS]).join(', ')}`);
  const rows: Array<Record<string, string>> = [];
  for (const dir of dirs) {
    const set = loadSet(dir);
    if (set.warnings.length)
      console.error(
        `${set.name}: ${set.warnings.length} label warnings (labels weakened, run goes on):\n  ${set.warnings.slice(0, 10).join('\n  ')}`,
      );
    // The stand-in translator answers from the set's own English translations: without them it has nothing to say.
    const withTranslations = set.articles.some((a) => a.en);
    const runs = [await runQuality(set, 'none'), ...(withTranslations ? [await runQuality(set, 'stand-in')] : [])];
    rows.push(...qualityRows(runs));
    if (options.verbose)
      for (const r of runs) {
        console.log(`\n### ${set.name}, ${r.mode === 'none' ? 'no translator' : 'translator stand-in'}: what was counted\n`);
        for (const d of r.details) console.log(`- ${d}`);
      }
  }
  return rows;
}
