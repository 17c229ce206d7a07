/**
 * Rebuilds the git-ignored text folder (bench/real-news/text/<id>.txt) from the stored pages' excerpts, as the
 * README's "Rebuilding the text" says: a session saves each article's excerpt, exactly as the `search` tool's
 * `pages` corpus returned it for the article's recorded `query`, to bench/real-news/work/pages/<id>.txt
 * (git-ignored); this script finds in it the sentences whose hashes labels.json records, in their order, and
 * writes the text the labeller wrote (title, blank line, paragraphs), checked against the recorded sha256.
 *
 * The labeller cut site furniture from some sentences (a dateline, a "date 2021-03" prefix), so every word-start
 * suffix of every sentence of the excerpt is a candidate. Titles written from the url's slug (`titleFrom: url`)
 * are the labeller's words and cannot always be found again: when no candidate matches the title's hash, the
 * title is rebuilt from the slug and the article is listed; build-set.ts keeps such an article (its sentences
 * all match) and says how many titles differ.
 *
 *   node --conditions=source --import tsx bench/real-news/rebuild-text.ts [--verbose]
 *   node --conditions=source --import tsx bench/real-news/rebuild-text.ts --manifest 8   (the helpers' lists)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { joinParagraph, splitSentences } from '../quality/text.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const verbose = process.argv.includes('--verbose');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const short = (s: string) => sha256(s.trim()).slice(0, 16);

interface Article {
  id: string;
  url: string;
  query: string;
  titleFrom: 'url' | 'page' | 'lead';
  sha256: string;
  title: { sha: string };
  sentences: Array<{ sha: string; paragraph?: boolean }>;
}
const labels = JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')) as { articles: Article[] };
const pagesDir = path.join(here, 'work', 'pages');
const textDir = path.join(here, 'text');
mkdirSync(textDir, { recursive: true });
const variants = existsSync(pagesDir) ? readdirSync(pagesDir) : [];

/** Every candidate sentence of an excerpt, by its short hash: sentences, their word-start suffixes and prefixes. */
function candidates(excerpt: string): Map<string, string> {
  const out = new Map<string, string>();
  const add = (s: string) => {
    const t = s.trim();
    if (t && !out.has(short(t))) out.set(short(t), t);
  };
  const texts = [excerpt, excerpt.replace(/\n(?!\n)/g, ' '), excerpt.replace(/\s*\n\s*/g, ' ')];
  const lines = excerpt
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  for (const text of texts) {
    for (const s of splitSentences(text)) {
      for (let i = 0; i < s.length; i++) if (i === 0 || /\s/.test(s[i - 1]!) || /[|\-–—:]/.test(s[i - 1]!)) add(s.slice(i));
      // A sentence whose end the labeller cut (a trailing "Read more", a truncated excerpt).
      for (let i = s.length - 1; i > 0; i--) if (/[.!?。」”"'’)]/.test(s[i]!)) add(s.slice(0, i + 1));
    }
  }
  for (const l of lines) add(l);
  return out;
}

const fold = (w: string) => w.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A slug's words as the article writes them: each word takes the form the excerpt gives it most often away from a
 * sentence's start ("ovhcloud" -> "OVHcloud", "strasbourg" -> "Strasbourg", "munchen" -> "München").
 */
function asWritten(words: string[], excerpt: string): string[] {
  const forms = new Map<string, Map<string, number>>();
  for (const m of excerpt.matchAll(/(?<=[^.!?\s]\s+)[\p{L}\p{M}\p{N}]+/gu)) {
    const byForm = forms.get(fold(m[0])) ?? new Map<string, number>();
    byForm.set(m[0], (byForm.get(m[0]) ?? 0) + 1);
    forms.set(fold(m[0]), byForm);
  }
  return words.map((w) => [...(forms.get(fold(w))?.entries() ?? [])].sort((a, b) => b[1] - a[1])[0]?.[0] ?? w);
}

/** Titles a labeller could have written from a url's slug: as written in the article first. */
function slugTitles(url: string, excerpt: string): string[] {
  const parts = new URL(url).pathname
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  const slug = parts
    .map((p) => p.replace(/\.(s?html?|php|aspx?)$/i, ''))
    .filter((p) => /[-_]/.test(p) && /\p{L}{3}/u.test(p))
    .sort((a, b) => b.length - a.length)[0];
  if (!slug) return [];
  const words = slug
    .replace(/[_-](?:a?\d{4,}|[0-9a-f]{16,}|li\.\d+|amp)$/i, '')
    .split(/[-_]+/)
    .filter((w) => w && !/^\d{5,}$/.test(w));
  const plain = words.join(' ');
  const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  const title = words.map(capital).join(' ');
  const first = [capital(asWritten(words, excerpt).join(' ')), capital(plain), plain, title];
  // Cleaner cuts: a site's trailing ids ("post1578056", "articleshow-e2hklqh", a uuid) and leading section words
  // dropped, split figures joined as the article writes them ("5-5-milliarden": "5,5 Milliarden").
  const tokens = slug.split(/[-_.+]+/).filter(Boolean);
  const junk = (t: string) =>
    (/\d/.test(t) && /\p{L}/u.test(t) && t.length >= 5 && !/^q[1-4]\d{4}$/i.test(t)) ||
    (/^[0-9a-f]*\d[0-9a-f]*$/i.test(t) && t.length >= 4 && !/^(19|20)\d\d$/.test(t)) ||
    /^(articleshow|amp|html?|story|li)$/i.test(t);
  let end = tokens.length;
  while (end > 0 && (junk(tokens[end - 1]!) || (/^\d{1,2}$/.test(tokens[end - 1]!) && end > 1 && junk(tokens[end - 2]!)))) end--;
  const kept = tokens.slice(0, end);
  const more: string[] = [];
  for (let drop = 0; drop <= Math.min(3, kept.length - 3); drop++) {
    const written = asWritten(kept.slice(drop), excerpt).join(' ');
    // "5 5" as the article writes the figure ("5,5" or "5.5"), when it does.
    for (const sep of [',', '.']) {
      const joined = written.replace(/(?<=(?:^|\s)\d{1,3}) (?=\d{1,3}(?:\s|$))/g, sep);
      const figure = /\d+[.,]\d+/.exec(joined)?.[0];
      if (figure && excerpt.includes(figure)) more.push(capital(joined));
    }
    more.push(capital(written));
  }
  // The first is the fallback: the cleaner cut with all its words.
  return [...new Set([...more, ...first])];
}

/**
 * `--manifest N`: the queries whose articles have no saved excerpt yet, in N groups of about as many articles
 * (work/manifest/group-<n>.txt: `QUERY<TAB>query`, then `  <id><TAB><url>` lines), one group for each helper
 * session that saves excerpts; nothing is rebuilt.
 */
const manifestAt = process.argv.indexOf('--manifest');
if (manifestAt >= 0) {
  const groups = Number(process.argv[manifestAt + 1] ?? 8);
  const byQuery = new Map<string, Article[]>();
  for (const a of labels.articles)
    if (!existsSync(path.join(pagesDir, `${a.id}.txt`))) byQuery.set(a.query, [...(byQuery.get(a.query) ?? []), a]);
  const lists = Array.from({ length: groups }, () => ({ size: 0, lines: [] as string[] }));
  for (const [query, articles] of [...byQuery].sort((a, b) => b[1].length - a[1].length)) {
    const list = lists.reduce((a, b) => (b.size < a.size ? b : a));
    list.size += articles.length;
    list.lines.push(`QUERY\t${query}`, ...articles.map((a) => `  ${a.id}\t${a.url}`));
  }
  const dir = path.join(here, 'work', 'manifest');
  mkdirSync(dir, { recursive: true });
  lists.forEach((l, i) => writeFileSync(path.join(dir, `group-${i + 1}.txt`), l.lines.join('\n') + '\n'));
  console.log(`${byQuery.size} queries for ${lists.reduce((n, l) => n + l.size, 0)} articles in ${groups} groups: ${dir}`);
  process.exit(0);
}

let whole = 0;
let titleRebuilt = 0;
const missingPage: string[] = [];
const missingSentences: string[] = [];
for (const a of labels.articles) {
  // The corpus can hold a page twice (with and without a trailing slash, two crawls): `<id>.2.txt` and on are read too.
  const files = [`${a.id}.txt`, ...variants.filter((f) => f.startsWith(`${a.id}.`) && /^\.\d+\.txt$/.test(f.slice(a.id.length)))];
  if (!existsSync(path.join(pagesDir, files[0]!))) {
    missingPage.push(a.id);
    continue;
  }
  const excerpt = files.map((f) => readFileSync(path.join(pagesDir, f), 'utf8')).join('\n\n');
  const found = candidates(excerpt);
  const lost = a.sentences.filter((s) => !found.has(s.sha));
  if (lost.length) {
    missingSentences.push(`${a.id}: ${lost.length} of ${a.sentences.length} sentences not in the excerpt`);
    continue;
  }
  const slugs = slugTitles(a.url, excerpt);
  for (const t of slugs) if (!found.has(short(t))) found.set(short(t), t);
  let title = found.get(a.title.sha);
  if (title === undefined) {
    title = slugs[0] ?? found.get(a.sentences[0]!.sha)!;
    titleRebuilt++;
    if (verbose) console.log(`${a.id}: title not found (${a.titleFrom}); from the url: ${title}`);
  }
  const paragraphs: string[][] = [];
  for (const s of a.sentences) {
    if (s.paragraph || !paragraphs.length) paragraphs.push([]);
    paragraphs.at(-1)!.push(found.get(s.sha)!);
  }
  const text = `${title}\n\n${paragraphs.map(joinParagraph).join('\n\n')}\n`;
  if (sha256(text) === a.sha256) whole++;
  else if (found.get(a.title.sha) !== undefined) console.log(`${a.id}: every part found, but the text's sha256 differs`);
  writeFileSync(path.join(textDir, `${a.id}.txt`), text);
}

console.log(
  `${labels.articles.length} articles: ${whole} rebuilt exactly, ${titleRebuilt} with the title rebuilt from the url, ` +
    `${missingSentences.length} with sentences not found, ${missingPage.length} with no saved excerpt`,
);
if (missingSentences.length) console.log(`  ${missingSentences.join('\n  ')}`);
if (verbose && missingPage.length) console.log(`no excerpt: ${missingPage.join(', ')}`);
