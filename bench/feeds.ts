/**
 * Feed conformance benchmark: the feedparser project's 2,106 test feeds served on loopback and read through the
 * ingest's own fetch and parse path (readFeed, then normalize for titles). Prints how many feeds the ingest
 * refuses, split by feedparser's own verdict on each document (`bozo`: ill-formed; `clean`: its Expect says
 * `not bozo`; `unasserted`), how many it reads though they are not well-formed XML, and how many of the corpus's
 * title tests come out right in text form.
 *
 * npm run bench -- feeds                                  the copies in server/test/fixtures/feeds/feedparser
 * npm run bench -- feeds --corpus /path/feedparser-tests  the whole corpus (its tests/ folder is found inside)
 * npm run bench -- feeds --corpus DIR --verbose           also lists each refused, each recovered feed and each wrong title
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { evaluateCorpus, loadCorpus, summarize } from '../server/test/engine/feed-corpus.js';

const FIXTURES = path.resolve(import.meta.dirname, '../server/test/fixtures/feeds/feedparser');

export async function benchFeeds(options: { corpus?: string; verbose?: boolean } = {}): Promise<Array<Record<string, string>>> {
  const root = options.corpus ? path.resolve(options.corpus) : FIXTURES;
  const dir = existsSync(path.join(root, 'tests')) ? path.join(root, 'tests') : root;
  const cases = loadCorpus(dir);
  if (!cases.length) throw new Error(`no .xml files under ${dir}`);
  const started = performance.now();
  const results = await evaluateCorpus(cases);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const s = summarize(results);
  if (options.verbose) {
    for (const r of results) if (r.failure) console.log(`refused   ${r.file} [${r.verdict}]: ${r.failure}`);
    for (const r of results) if (r.illFormed) console.log(`recovered ${r.file} [${r.verdict}]: ${r.illFormed}`);
    for (const r of results)
      for (const t of r.titles)
        if (!t.ok)
          console.log(
            `title     ${r.file} ${t.entry === null ? 'feed' : `entry ${t.entry}`}: ${JSON.stringify(t.actual)} != ${JSON.stringify(t.expected)}`,
          );
  }
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
  return [
    { figure: 'feeds read', value: `${s.feeds - s.failed} of ${s.feeds} (${seconds} s)`, target: '-' },
    { figure: 'read though not well-formed XML', value: String(s.readIllFormed), target: '-' },
    { figure: 'refused, feedparser says ill-formed (bozo)', value: `${s.failedBozo} of ${s.bozo}`, target: 'may fail' },
    { figure: 'refused, feedparser says well-formed', value: String(s.failedClean), target: '0' },
    { figure: 'refused, feedparser does not say', value: String(s.failedUnasserted), target: 'only ill-formed XML' },
    {
      figure: 'title tests right (text form)',
      value: `${s.titlesRight} of ${s.titleTests} (${pct(s.titlesRight, s.titleTests)})`,
      target: '>= 95%',
    },
  ];
}
