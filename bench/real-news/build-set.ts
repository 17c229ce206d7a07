/**
 * Builds the real-news quality sets from labels.json (committed) and the git-ignored text folder:
 * bench/real-news/.set/dev/ and bench/real-news/.set/test/, in the format of bench/quality/set.ts
 * (server/test/fixtures/quality/README.md). Checks each text's sha256 and each sentence's hash against the
 * labels, lists what is missing or changed, then loads both halves with loadSet to prove they are valid.
 *
 *   node --conditions=source --import tsx bench/real-news/build-set.ts
 *   npm run bench -- quality --set bench/real-news/.set
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Interest, INTERESTS } from '@dcbrief/shared';
import { loadSet, type QualityArticle } from '../quality/set.js';
import { splitSentences } from '../quality/text.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const short = (s: string) => sha256(s.trim()).slice(0, 16);

type Label = 'fact' | 'opinion' | 'background' | 'boilerplate';
interface LabelledArticle {
  id: string;
  url: string;
  outlet: string;
  source: string;
  country?: string;
  language: string;
  published: string;
  event: string;
  split: 'dev' | 'test';
  interests: Interest[];
  query: string;
  sha256: string;
  title: { sha: string; label: Label; factPrefix?: number };
  sentences: Array<{ sha: string; label: Label; factPrefix?: number; paragraph?: boolean }>;
}
interface Labels {
  events: Array<{ id: string; split: 'dev' | 'test'; description: string; lookalikes?: string[]; followUpOf?: string }>;
  articles: LabelledArticle[];
}

const labels = JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')) as Labels;
const textDir = path.join(here, 'text');
const outDir = path.join(here, '.set');
const missing: string[] = [];
const changed: string[] = [];
const titleDiffers: string[] = [];
const built: Record<'dev' | 'test', QualityArticle[]> = { dev: [], test: [] };

for (const a of labels.articles) {
  const file = path.join(textDir, `${a.id}.txt`);
  if (!existsSync(file)) {
    missing.push(`${a.id}  (${a.url}; query: ${a.query})`);
    continue;
  }
  const raw = readFileSync(file, 'utf8');
  const [titleLine, ...rest] = raw.split('\n');
  const title = titleLine!.trim();
  const text = rest.join('\n').trim();
  const sentences = splitSentences(text);
  if (sentences.length !== a.sentences.length || sentences.some((s, i) => short(s) !== a.sentences[i]!.sha)) {
    changed.push(`${a.id}: sentences differ from the labels (${sentences.length} cut, ${a.sentences.length} labelled)`);
    continue;
  }
  // A title the labeller wrote from the url, rebuilt from the slug's words (rebuild-text.ts): kept, and counted.
  if (short(title) !== a.title.sha) titleDiffers.push(a.id);
  else if (sha256(raw) !== a.sha256) {
    changed.push(`${a.id}: sha256 of the text differs from labels.json`);
    continue;
  }
  const opinionSentences = [
    ...(a.title.label === 'opinion' ? [title] : []),
    ...sentences.filter((_, i) => a.sentences[i]!.label === 'opinion'),
  ];
  const backgroundSentences = [
    ...(a.title.label === 'background' ? [title] : []),
    ...sentences.filter((_, i) => a.sentences[i]!.label === 'background'),
  ];
  // An opinion sentence whose leading clause is a fact alone (README, factPrefix): that clause, a fact fragment.
  const factFragments = [
    ...(a.title.label === 'opinion' && a.title.factPrefix ? [title.slice(0, a.title.factPrefix)] : []),
    ...sentences.flatMap((s, i) => {
      const { label, factPrefix } = a.sentences[i]!;
      return label === 'opinion' && factPrefix ? [s.slice(0, factPrefix)] : [];
    }),
  ];
  const interests = a.interests.filter((i) => (INTERESTS as readonly string[]).includes(i));
  built[a.split].push({
    id: a.id,
    source: { id: a.source, name: a.outlet },
    language: a.language,
    published: a.published,
    title,
    text,
    event: a.event,
    interests,
    opinionSentences,
    backgroundSentences,
    ...(factFragments.length ? { factFragments } : {}),
  });
}

if (missing.length)
  console.log(`${missing.length} article texts missing (rebuild them: bench/real-news/README.md):\n  ${missing.join('\n  ')}`);
if (changed.length) console.log(`${changed.length} article texts do not match their labels:\n  ${changed.join('\n  ')}`);
if (titleDiffers.length)
  console.log(
    `${titleDiffers.length} titles differ from the labelled ones (rebuilt from the url; sentences all match): ${titleDiffers.join(', ')}`,
  );

for (const split of ['dev', 'test'] as const) {
  const articles = built[split];
  const dir = path.join(outDir, split);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (!articles.length) {
    console.log(`${split}: no article`);
    continue;
  }
  const newest = Math.max(...articles.map((a) => Date.parse(a.published)));
  const outlets: Record<string, { country: string; categories: Interest[]; weight: number }> = {};
  for (const a of labels.articles)
    if (a.split === split && a.country && !outlets[a.source])
      outlets[a.source] = { country: a.country, categories: ['infrastructure'], weight: 1 };
  const meta = {
    name: `real-news-${split}`,
    description: `Real published data-center articles (${split} half of bench/real-news/labels.json), labelled per event and sentence.`,
    now: new Date(newest + 3600_000).toISOString(),
    stream: true,
    outlets,
  };
  writeFileSync(path.join(dir, 'set.json'), JSON.stringify(meta, null, 2) + '\n');
  writeFileSync(path.join(dir, 'articles.jsonl'), articles.map((a) => JSON.stringify(a)).join('\n') + '\n');
  const set = loadSet(dir);
  const events = new Set(set.articles.map((a) => a.event));
  const languages = new Set(set.articles.map((a) => a.language));
  console.log(
    `${split}: ${set.articles.length} articles, ${events.size} events, ${languages.size} languages, now ${set.now.toISOString()} -> ${path.relative(process.cwd(), dir)}`,
  );
}
if (missing.length || changed.length) process.exitCode = 1;
