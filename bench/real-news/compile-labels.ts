/**
 * Turns the labeller's working files (bench/real-news/work/*.txt, git-ignored: they hold the article text)
 * into the text folder (bench/real-news/text/<id>.txt, git-ignored) and labels.json (committed: hashes, urls,
 * dates and our own words only).
 *
 * Working file: blocks starting `## <article id>`, then `key: value` lines (url, outlet "Name | source-id",
 * country, lang, published, dated, event, interests, query, title), then `T<label> <title>` and one line per
 * sentence `<label> <sentence>` (f fact, o opinion, b background, x boilerplate), `-` between paragraphs.
 * events.txt (and events-<labeller>.txt, one per labeller working in parallel): `<event id> | <dev|test> | <description> | lookalikes: a, b | followUpOf: c` (last two optional).
 *
 *   node --conditions=source --import tsx bench/real-news/compile-labels.ts
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { joinParagraph, splitSentences } from '../quality/text.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const LABELS: Record<string, string> = { f: 'fact', o: 'opinion', b: 'background', x: 'boilerplate' };
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

interface Work {
  id: string;
  meta: Record<string, string>;
  title: { text: string; label: string };
  paragraphs: Array<Array<{ text: string; label: string }>>;
  file: string;
}

function parse(file: string): Work[] {
  const out: Work[] = [];
  let cur: Work | undefined;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim()) continue;
    if (line.startsWith('## ')) {
      cur = { id: line.slice(3).trim(), meta: {}, title: { text: '', label: '' }, paragraphs: [[]], file };
      out.push(cur);
      continue;
    }
    if (!cur) throw new Error(`${file}: text before the first ##: ${line}`);
    const m = /^([a-z]+): (.*)$/.exec(line);
    if (m && !cur.title.text) {
      cur.meta[m[1]!] = m[2]!.trim();
      continue;
    }
    const t = /^T([foxb]) (.+)$/.exec(line);
    if (t) {
      cur.title = { label: LABELS[t[1]!]!, text: t[2]!.trim() };
      continue;
    }
    if (line.trim() === '-') {
      cur.paragraphs.push([]);
      continue;
    }
    const s = /^([foxb]) (.+)$/.exec(line);
    if (!s) throw new Error(`${file} ${cur.id}: cannot read line: ${line}`);
    cur.paragraphs.at(-1)!.push({ label: LABELS[s[1]!]!, text: s[2]!.trim() });
  }
  return out;
}

const workDir = path.join(here, 'work');
const textDir = path.join(here, 'text');
mkdirSync(textDir, { recursive: true });
const works = readdirSync(workDir)
  .filter((f) => f.endsWith('.txt') && !/^events(-[a-z0-9]+)?\.txt$/.test(f))
  .sort()
  .flatMap((f) => parse(path.join(workDir, f)));

const events = new Map<string, { id: string; split: string; description: string; lookalikes?: string[]; followUpOf?: string }>();
const eventLines = readdirSync(workDir)
  .filter((f) => /^events(-[a-z0-9]+)?\.txt$/.test(f))
  .sort()
  .flatMap((f) => readFileSync(path.join(workDir, f), 'utf8').split('\n'));
for (const line of eventLines) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [id, split, description, ...rest] = line.split(' | ').map((p) => p.trim());
  const e: { id: string; split: string; description: string; lookalikes?: string[]; followUpOf?: string } = {
    id: id!,
    split: split!,
    description: description!,
  };
  for (const r of rest) {
    if (r.startsWith('lookalikes: ')) e.lookalikes = r.slice(12).split(/,\s*/).filter(Boolean);
    else if (r.startsWith('followUpOf: ')) e.followUpOf = r.slice(12).trim();
    else throw new Error(`events.txt: cannot read ${r}`);
  }
  events.set(e.id, e);
}

// The fact-only leading clause of opinion sentences is labelled in labels.json itself (README): kept across a recompile.
const previous = existsSync(path.join(here, 'labels.json'))
  ? (JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')) as {
      articles: Array<{ id: string; title: { sha: string; factPrefix?: number }; sentences: Array<{ sha: string; factPrefix?: number }> }>;
    })
  : { articles: [] };
const factPrefix = new Map<string, number>();
for (const a of previous.articles)
  for (const s of [a.title, ...a.sentences]) if (s.factPrefix !== undefined) factPrefix.set(`${a.id} ${s.sha}`, s.factPrefix);
const withPrefix = (id: string, entry: { sha: string; label: string; paragraph?: true }) => {
  const n = entry.label === 'opinion' ? factPrefix.get(`${id} ${entry.sha}`) : undefined;
  return n === undefined ? entry : { sha: entry.sha, label: entry.label, factPrefix: n, ...(entry.paragraph ? { paragraph: true } : {}) };
};

const problems: string[] = [];
const ids = new Set<string>();
const articles = [];
for (const w of works) {
  const need = ['url', 'outlet', 'lang', 'published', 'dated', 'event', 'interests', 'query', 'title'];
  for (const k of need) if (!w.meta[k]) problems.push(`${w.id}: no ${k}`);
  if (ids.has(w.id)) problems.push(`${w.id}: duplicate id`);
  ids.add(w.id);
  if (!w.title.text) problems.push(`${w.id}: no title line`);
  const paras = w.paragraphs.filter((p) => p.length);
  const body = paras.map((p) => joinParagraph(p.map((s) => s.text))).join('\n\n');
  const text = `${w.title.text}\n\n${body}\n`;
  const cut = splitSentences(body);
  const mine = paras.flat();
  if (cut.length !== mine.length || cut.some((s, i) => s !== mine[i]!.text)) {
    const at = cut.findIndex((s, i) => s !== mine[i]?.text);
    problems.push(
      `${w.id}: splitSentences cuts ${cut.length} sentences, the file has ${mine.length}; first difference at ${at}:\n    cut:  ${cut[at]}\n    file: ${mine[at]?.text}`,
    );
  }
  if (!events.has(w.meta.event ?? '')) problems.push(`${w.id}: event ${w.meta.event} not in events.txt`);
  if (Number.isNaN(Date.parse(w.meta.published ?? '')) || !/[+-]\d\d:\d\d$|Z$/.test(w.meta.published ?? ''))
    problems.push(`${w.id}: published is not ISO with offset: ${w.meta.published}`);
  writeFileSync(path.join(textDir, `${w.id}.txt`), text);
  const [outletName, sourceId] = (w.meta.outlet ?? '').split(' | ').map((s) => s.trim());
  articles.push({
    id: w.id,
    url: w.meta.url,
    outlet: outletName,
    source: sourceId,
    ...(w.meta.country ? { country: w.meta.country } : {}),
    language: w.meta.lang,
    published: w.meta.published,
    publishedFrom: w.meta.dated,
    event: w.meta.event,
    split: events.get(w.meta.event ?? '')?.split,
    interests: (w.meta.interests ?? '').split(/[\s,]+/).filter(Boolean),
    query: w.meta.query,
    titleFrom: w.meta.title,
    sha256: sha(text),
    title: withPrefix(w.id, { sha: sha(w.title.text.trim()).slice(0, 16), label: w.title.label }),
    sentences: mine.map((s, i) =>
      withPrefix(w.id, {
        sha: sha(s.text.trim()).slice(0, 16),
        label: s.label,
        ...(i > 0 && paras.findIndex((p) => p[0] === s) > 0 ? { paragraph: true as const } : {}),
      }),
    ),
  });
}
const used = new Set(articles.map((a) => a.event));
for (const id of events.keys()) if (!used.has(id)) problems.push(`event ${id} has no article`);
for (const e of events.values())
  for (const other of [...(e.lookalikes ?? []), ...(e.followUpOf ? [e.followUpOf] : [])]) {
    const o = events.get(other);
    if (!o) problems.push(`event ${e.id}: unknown look-alike or follow-up ${other}`);
    else if (o.split !== e.split) problems.push(`event ${e.id} (${e.split}) and ${other} (${o.split}) are in different halves`);
  }
const out = {
  description: 'DC Brief real-news development set: labels of real published data-center articles (text not included; see README.md).',
  events: [...events.values()].filter((e) => used.has(e.id)),
  articles,
};
writeFileSync(path.join(here, 'labels.json'), JSON.stringify(out, null, 1) + '\n');
const langs = new Set(articles.map((a) => a.language));
console.log(`${articles.length} articles, ${out.events.length} events, ${langs.size} languages`);
if (problems.length) {
  console.log(`${problems.length} problems:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
